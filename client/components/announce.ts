import { proxy } from 'valtio';

/**
 * What the live announcer (LiveAnnouncer.tsx) holds: the last few messages, each a new element,
 * so two arriving together are both read, and the same words said twice are read twice.
 */
export const announcements = proxy<{ items: Array<{ id: number; text: string }> }>({ items: [] });

const KEPT = 3;
let nextId = 1;

/** Says `text` politely to screen readers: read when they are idle, without moving focus. */
export function announce(text: string) {
  announcements.items = [...announcements.items.slice(1 - KEPT), { id: nextId++, text }];
}
