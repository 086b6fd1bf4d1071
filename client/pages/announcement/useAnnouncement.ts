import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roomOf } from '@shared/socket';
import { FALLBACK_LANGUAGE } from '@shared/languages';
import type { Announcement, AnnouncementName } from '@shared/schemas/announcements';
import { getLiveAnnouncement } from '@client/api/adminContent';
import type { LiveAnswer } from '@client/api/client';
import { showsInstead } from './showsInstead';
import { useRoom } from '@client/realtime/useRoom';

/** Reads begun before the page was drawn (`startAnnouncementRead`), each taken by the first page that wants it. */
const early = new Map<string, Promise<LiveAnswer<Announcement | null>>>();
const readKey = (name: AnnouncementName, lang: string) => `${name}:${lang}`;

/** Starts reading a document on a first visit, while the strings load and the page is drawn. */
export function startAnnouncementRead(name: AnnouncementName, lang: string) {
  const promise = getLiveAnnouncement(name, lang);
  promise.catch(() => undefined);
  early.set(readKey(name, lang), promise);
}

function takeEarlyRead(name: AnnouncementName, lang: string) {
  const started = early.get(readKey(name, lang));
  early.delete(readKey(name, lang));
  return started;
}

export type AnnouncementLoad = { state: 'loading' } | { state: 'ready'; value: Announcement | null } | { state: 'failed'; error: unknown };

/**
 * A site document in the reader's language (en-US's while it has none there), kept current live:
 * a version published while the page is open (`announcement.published` on `all`) replaces the one
 * shown when the reader would now get it. `null` while none was published.
 *
 * The document is read first and shown at once; the room is then joined from the point the read
 * was current as of, so a version published in between is replayed, not lost.
 */
export function useAnnouncement(name: AnnouncementName | null) {
  const { i18n } = useTranslation();
  const lang = i18n.language || FALLBACK_LANGUAGE;
  const [load, setLoad] = useState<AnnouncementLoad>({ state: 'loading' });
  const [round, setRound] = useState(0);
  const [joinFrom, setJoinFrom] = useState<number | null>(null);
  useRoom(name && joinFrom !== null ? roomOf.all : null, {
    lastSeq: joinFrom ?? undefined,
    onEvent: (event) => {
      if (event.name !== 'announcement.published' || event.payload.announcement.name !== name) return;
      const next = event.payload.announcement;
      setLoad((l) => ({ state: 'ready', value: showsInstead(l.state === 'ready' ? l.value : null, next, lang) }));
    },
    onRefetch: () => setRound((r) => r + 1),
  });
  useEffect(() => {
    if (!name) return;
    const controller = new AbortController();
    (takeEarlyRead(name, lang) ?? getLiveAnnouncement(name, lang, controller.signal)).then(
      ({ data: value, lastSeq }) => {
        if (controller.signal.aborted) return;
        // A fresh read in another language replaces what was shown; within one, a newer live version stays.
        setLoad((l) => ({ state: 'ready', value: l.state === 'ready' && l.value && value && l.value.language === value.language && l.value.version > value.version ? l.value : value }));
        setJoinFrom((from) => from ?? lastSeq);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLoad({ state: 'failed', error });
      },
    );
    return () => controller.abort();
  }, [name, round, lang]);
  return { load, retry: () => setRound((r) => r + 1) };
}
