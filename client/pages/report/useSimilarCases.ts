import { useEffect, useState } from 'react';
import { NAME_SEARCH_MIN, nameKey } from '@shared/names';
import { search, type PlayerHit } from '@client/api/search';
import { GAME_ID } from './reportRules';

const WAIT_MS = 500;

/**
 * Cases whose names (present or past, look-alikes folded) match the one being typed, so a
 * reporter finds an open case instead of starting a duplicate. Quietly empty when search is
 * unavailable.
 */
export function useSimilarCases(name: string): PlayerHit[] {
  const [hits, setHits] = useState<PlayerHit[]>([]);
  const param = name.trim();
  const searchable = GAME_ID.test(param) && nameKey(param).length >= NAME_SEARCH_MIN;
  useEffect(() => {
    setHits([]);
    if (!searchable) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      search({ type: 'player', param, limit: 6 }, controller.signal).then(
        (page) => setHits(page.data),
        () => undefined,
      );
    }, WAIT_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [param, searchable]);
  return hits;
}
