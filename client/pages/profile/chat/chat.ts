import type { MessageItem } from '@shared/types/messages';

/** Pure steps of the chat screen: a thread is kept oldest first, without duplicates. */

const order = (a: MessageItem, b: MessageItem) => Date.parse(a.createTime) - Date.parse(b.createTime) || a.id - b.id;

/** Adds messages (from a page, a reply or a live event) to a thread; one arriving twice is kept once. */
export function addMessages(thread: readonly MessageItem[], more: readonly MessageItem[]): MessageItem[] {
  const byId = new Map(thread.map((m) => [m.id, m]));
  for (const m of more) byId.set(m.id, { ...byId.get(m.id), ...m });
  return [...byId.values()].sort(order);
}

/**
 * Adds messages the thread does not hold yet. One it holds keeps its state: a message as it was
 * created (the answer to my own send, its live copy) may arrive after the read that followed it.
 */
export function addNewMessages(thread: MessageItem[], more: readonly MessageItem[]): MessageItem[] {
  const known = new Set(thread.map((m) => m.id));
  const fresh = more.filter((m) => !known.has(m.id));
  return fresh.length ? addMessages(thread, fresh) : thread;
}

export function applyRead<T extends MessageItem>(list: readonly T[], ids: readonly number[], haveRead: boolean): T[] {
  const set = new Set(ids);
  return list.map((m) => (set.has(m.id) ? { ...m, haveRead: haveRead ? 1 : 0 } : m));
}

export const removeMessage = <T extends MessageItem>(list: readonly T[], id: number): T[] => list.filter((m) => m.id !== id);

/** The other person of a message between two people, from my side; null for notices and broadcasts. */
export function otherParty(m: Pick<MessageItem, 'byUserId' | 'toUserId'>, me: number): number | null {
  if (m.byUserId === null || m.toUserId === null) return null;
  if (m.byUserId === me) return m.toUserId;
  return m.toUserId === me ? m.byUserId : null;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** What a person typed, as the HTML the API stores: escaped, one paragraph per blank-line block, line breaks kept. */
export function textToMessageHtml(text: string): string {
  return text
    .trim()
    .split(/\n{2,}/)
    .map((block) => `<p>${block.replace(/[&<>"']/g, (c) => ESCAPES[c]!).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** Unread messages sent to me in a thread. */
export const unreadFrom = (thread: readonly MessageItem[], me: number) => thread.filter((m) => m.toUserId === me && !m.haveRead).map((m) => m.id);
