import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roomOf } from '@shared/socket';
import { FALLBACK_LANGUAGE } from '@shared/languages';
import type { Announcement, AnnouncementName } from '@shared/schemas/announcements';
import { getAnnouncement } from '@client/api/adminContent';
import { showsInstead } from './showsInstead';
import { useRoom } from '@client/realtime/useRoom';

export type AnnouncementLoad = { state: 'loading' } | { state: 'ready'; value: Announcement | null } | { state: 'failed'; error: unknown };

/**
 * A site document in the reader's language (en-US's while it has none there), kept current live:
 * a version published while the page is open (`announcement.published` on `all`) replaces the one
 * shown when the reader would now get it. `null` while none was published.
 *
 * The document is read at once, not after the room is joined (on a phone, joining takes longer than
 * the read and the document is what the page is for); a read sent before the join is made again
 * once joined, as a version published in between would reach the page neither way.
 */
export function useAnnouncement(name: AnnouncementName | null) {
  const { i18n } = useTranslation();
  const lang = i18n.language || FALLBACK_LANGUAGE;
  const [load, setLoad] = useState<AnnouncementLoad>({ state: 'loading' });
  const [round, setRound] = useState(0);
  const joined = useRef(false);
  const readBeforeJoin = useRef(false);
  const ready = useRoom(name ? roomOf.all : null, {
    onEvent: (event) => {
      if (event.name !== 'announcement.published' || event.payload.announcement.name !== name) return;
      const next = event.payload.announcement;
      setLoad((l) => ({ state: 'ready', value: showsInstead(l.state === 'ready' ? l.value : null, next, lang) }));
    },
    onRefetch: () => setRound((r) => r + 1),
  });
  joined.current = ready;
  useEffect(() => {
    if (ready && readBeforeJoin.current) setRound((r) => r + 1);
  }, [ready]);
  useEffect(() => {
    if (!name) return;
    readBeforeJoin.current = !joined.current;
    const controller = new AbortController();
    getAnnouncement(name, lang, undefined, controller.signal).then(
      (value) => {
        if (controller.signal.aborted) return;
        // A fresh read in another language replaces what was shown; within one, a newer live version stays.
        setLoad((l) => ({ state: 'ready', value: l.state === 'ready' && l.value && value && l.value.language === value.language && l.value.version > value.version ? l.value : value }));
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLoad({ state: 'failed', error });
      },
    );
    return () => controller.abort();
  }, [name, round, lang]);
  return { load, retry: () => setRound((r) => r + 1) };
}
