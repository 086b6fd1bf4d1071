import { proxy } from 'valtio';
import type { RoomEvent } from '@shared/socket';
import { getUnread } from '@client/api/messages';

export interface InboxState {
  /** Unread messages addressed to me (people and system), from GET /message/unread. */
  unread: number;
  fromUsers: number;
  system: number;
  /** When the newest broadcast for me was sent, and when I last looked at the announcements. */
  lastAnnounceTime: string | null;
  announceSeen: string | null;
  /** The person whose conversation is open on screen: their messages need no toast. */
  openWith: number | null;
}

export const inbox = proxy<InboxState>({ unread: 0, fromUsers: 0, system: 0, lastAnnounceTime: null, announceSeen: null, openWith: null });

const seenKey = (userId: number) => `tribunal.announceSeen.${userId}`;
let owner: number | null = null;

/** Starts over for another account (or none): counts are re-read, the announcements' mark comes from this browser. */
export function resetInbox(userId: number | null) {
  owner = userId;
  Object.assign(inbox, { unread: 0, fromUsers: 0, system: 0, lastAnnounceTime: null, openWith: null });
  inbox.announceSeen = userId === null ? null : readSeen(userId);
}

function readSeen(userId: number) {
  try {
    return localStorage.getItem(seenKey(userId));
  } catch {
    return null;
  }
}

/** The announcements were seen up to now (their tab was opened). */
export function markAnnouncementsSeen() {
  const at = inbox.lastAnnounceTime ?? new Date().toISOString();
  inbox.announceSeen = at;
  if (owner === null) return;
  try {
    localStorage.setItem(seenKey(owner), at);
  } catch {
    /* private mode: remembered for this page only */
  }
}

export const hasNewAnnouncements = (s: Pick<InboxState, 'lastAnnounceTime' | 'announceSeen'>) =>
  !!s.lastAnnounceTime && (!s.announceSeen || Date.parse(s.lastAnnounceTime) > Date.parse(s.announceSeen));

let timer: ReturnType<typeof setTimeout> | undefined;
let round = 0;

/** Re-reads the counts (soon, once a burst of events settles). */
export function refreshInbox(delayMs = 250) {
  clearTimeout(timer);
  timer = setTimeout(() => {
    const mine = ++round;
    const forUser = owner;
    getUnread().then(
      (counts) => {
        if (mine !== round || forUser !== owner) return;
        Object.assign(inbox, counts);
      },
      () => undefined,
    );
  }, delayMs);
}

/** Whether an event of my room or a broadcast moves the counts. */
export const changesInbox = (event: RoomEvent) =>
  event.name === 'message.new' || event.name === 'message.read' || event.name === 'message.deleted' || event.name === 'notification';
