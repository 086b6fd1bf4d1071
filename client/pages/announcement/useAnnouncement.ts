import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roomOf } from '@shared/socket';
import { announcementReadKey } from '@shared/first-reads';
import { FALLBACK_LANGUAGE } from '@shared/languages';
import type { Announcement, AnnouncementName } from '@shared/schemas/announcements';
import { getLiveAnnouncement } from '@client/api/adminContent';
import { useFirstReads } from '@client/app/firstReads';
import type { LiveAnswer } from '@client/api/client';
import { showsInstead } from './showsInstead';
import { useRoom } from '@client/realtime/useRoom';

/** A read begun before the page was drawn, and its answer once in (so the first render can show it). */
interface EarlyRead {
  promise: Promise<LiveAnswer<Announcement | null>>;
  answer?: LiveAnswer<Announcement | null>;
}
/** Reads begun by `startAnnouncementRead`, each taken by the first page that wants it. */
const early = new Map<string, EarlyRead>();
const readKey = (name: AnnouncementName, lang: string) => `${name}:${lang}`;

/** Starts reading a document on a first visit, while the strings load and the page is drawn. */
export function startAnnouncementRead(name: AnnouncementName, lang: string) {
  const read: EarlyRead = { promise: getLiveAnnouncement(name, lang) };
  early.set(readKey(name, lang), read);
  return read.promise.then((answer) => void (read.answer = answer));
}

function takeEarlyRead(name: AnnouncementName, lang: string) {
  const read = early.get(readKey(name, lang));
  early.delete(readKey(name, lang));
  return read;
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
  // An early read already answered is shown by the first render, and not read again.
  const [answered] = useState(() => (name ? takeEarlyRead(name, lang) : undefined));
  // The document the server drew the page with (client/app/firstReads.ts) is shown until the read answers.
  const firstReads = useFirstReads();
  const drawn = name ? firstReads.announcements?.[announcementReadKey(name, lang)] : undefined;
  const [load, setLoad] = useState<AnnouncementLoad>(
    answered?.answer ? { state: 'ready', value: answered.answer.data } : drawn !== undefined ? { state: 'ready', value: drawn } : { state: 'loading' },
  );
  const [round, setRound] = useState(0);
  const firstRun = useRef(true);
  const [joinFrom, setJoinFrom] = useState<number | null>(answered?.answer?.lastSeq ?? null);
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
    const started = firstRun.current ? answered : undefined;
    firstRun.current = false;
    if (started?.answer) return;
    const controller = new AbortController();
    (started?.promise ?? getLiveAnnouncement(name, lang, controller.signal)).then(
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
