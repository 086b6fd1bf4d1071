import { proxy } from 'valtio';

/**
 * What the live announcer (LiveAnnouncer.tsx) holds: the last few messages, each a new element,
 * so two arriving together are both read, and the same words said twice are read twice. `about`
 * names what a message tells of, for `unannounce`.
 */
export const announcements = proxy<{ items: Array<{ id: number; text: string; about?: string }> }>({ items: [] });

const KEPT = 3;
let nextId = 1;

/** Says `text` politely to screen readers: read when they are idle, without moving focus. */
export function announce(text: string, about?: string) {
  announcements.items = [...announcements.items.slice(1 - KEPT), { id: nextId++, text, about }];
}

/**
 * Takes back what was said about things the page no longer shows (a feed line withdrawn because
 * staff hid its entry): the region is on the page, out of sight but readable, and would keep their
 * words. The region tells additions only, so nothing is read out.
 */
export function unannounce(about: readonly string[]) {
  const gone = new Set(about);
  if (announcements.items.some((item) => item.about !== undefined && gone.has(item.about))) {
    announcements.items = announcements.items.filter((item) => item.about === undefined || !gone.has(item.about));
  }
}
