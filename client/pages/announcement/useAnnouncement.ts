import { useEffect, useState } from 'react';
import { roomOf } from '@shared/socket';
import type { Announcement, AnnouncementName } from '@shared/schemas/announcements';
import { getAnnouncement } from '@client/api/adminContent';
import { ApiError } from '@client/api/ApiError';
import { useRoom } from '@client/realtime/useRoom';

export type AnnouncementLoad = { state: 'loading' } | { state: 'ready'; value: Announcement | null } | { state: 'failed'; error: unknown };

/**
 * The latest version of a site document, kept current live: a version published while the page is
 * open (`announcement.published` on `all`) replaces the one shown. `null` while none was published.
 */
export function useAnnouncement(name: AnnouncementName | null) {
  const [load, setLoad] = useState<AnnouncementLoad>({ state: 'loading' });
  const [round, setRound] = useState(0);
  const ready = useRoom(name ? roomOf.all : null, {
    onEvent: (event) => {
      if (event.name !== 'announcement.published' || event.payload.announcement.name !== name) return;
      const next = event.payload.announcement;
      setLoad((l) => (l.state === 'ready' && l.value && l.value.version > next.version ? l : { state: 'ready', value: next }));
    },
    onRefetch: () => setRound((r) => r + 1),
  });
  useEffect(() => {
    if (!name || !ready) return;
    const controller = new AbortController();
    getAnnouncement(name, undefined, controller.signal).then(
      (value) => {
        if (!controller.signal.aborted) setLoad((l) => (l.state === 'ready' && l.value && l.value.version > value.version ? l : { state: 'ready', value }));
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.code === 'announcement.notFound') setLoad({ state: 'ready', value: null });
        else setLoad({ state: 'failed', error });
      },
    );
    return () => controller.abort();
  }, [name, ready, round]);
  return { load, retry: () => setRound((r) => r + 1) };
}
