import { useCallback, useEffect, useRef, useState } from 'react';
import type { VoteTally } from '@shared/types/cases';
import { getVotes } from '@client/api/judgement';

/**
 * The case's running tally of confirming votes: read once the room is joined, then kept by the
 * room's `case.votes` events (`receive`). A tally heard live is never overwritten by an older read.
 */
export function useVoteTally(caseId: number, { enabled, ready }: { enabled: boolean; ready: boolean }) {
  const [tally, setTally] = useState<VoteTally | null>(null);
  const heardLive = useRef(false);

  useEffect(() => {
    if (!enabled || !ready) return;
    const controller = new AbortController();
    heardLive.current = false;
    getVotes(caseId, controller.signal).then(
      (read) => {
        if (!controller.signal.aborted && !heardLive.current) setTally(read);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [caseId, enabled, ready]);

  const receive = useCallback(
    (next: VoteTally) => {
      if (next.playerId !== caseId) return;
      heardLive.current = true;
      setTally(next);
    },
    [caseId],
  );
  return { tally, receive };
}
