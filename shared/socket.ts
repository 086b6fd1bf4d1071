/**
 * The realtime protocol: room names, the events persisted per room, and the Socket.IO event maps
 * used by both the server's emits and the client's handlers.
 */

import type { ActivityItem, ActivityLine, CaseRecord, TimelineEntry, VoteTally } from './types/cases';
import type { FeedChange } from './types/feed';
import type { MessageItem } from './types/messages';
import type { MediaFile } from './types/files';
import type { Announcement } from './schemas/announcements';
import type { RoomJoinRequest, RoomLeaveRequest } from './schemas/realtime';

export type RoomName = `case:${number}` | `user:${number}` | `chat:${number}-${number}` | 'staff' | 'all' | 'feed:cases';

export type ParsedRoom =
  | { kind: 'case'; id: number }
  | { kind: 'user'; id: number }
  | { kind: 'chat'; a: number; b: number }
  | { kind: 'staff' }
  | { kind: 'all' }
  | { kind: 'caseFeed' };

export function parseRoom(room: string): ParsedRoom | null {
  if (room === 'staff' || room === 'all') return { kind: room };
  if (room === 'feed:cases') return { kind: 'caseFeed' };
  const m = /^(case|user):([1-9]\d{0,9})$/.exec(room);
  if (m) return { kind: m[1] as 'case' | 'user', id: Number(m[2]) };
  const c = /^chat:([1-9]\d{0,9})-([1-9]\d{0,9})$/.exec(room);
  if (c && Number(c[1]) < Number(c[2])) return { kind: 'chat', a: Number(c[1]), b: Number(c[2]) };
  return null;
}

export const roomOf = {
  case: (id: number) => `case:${id}` as RoomName,
  user: (id: number) => `user:${id}` as RoomName,
  chat: (x: number, y: number) => `chat:${Math.min(x, y)}-${Math.max(x, y)}` as RoomName,
  staff: 'staff' as RoomName,
  all: 'all' as RoomName,
  /** The ban-list feed: every change of a case's status, name or games, in commit order (`GET /api/feed/cases`). */
  caseFeed: 'feed:cases' as RoomName,
};

/** Events that are persisted with a per-room sequence number and replayed on re-join. */
export interface RoomEventMap {
  /** case:<id> — a new timeline entry (visible to everyone). */
  'timeline.added': { entry: TimelineEntry };
  /**
   * case:<id> — an entry was hidden (or deleted) or shown again by staff. Shown again: `entry` is
   * the entry as everyone sees it, so pages that had dropped it put it back. `type` is the entry's:
   * a page that lists it on another page counts it out (or in again) only under a filter that shows it.
   */
  'timeline.hidden': { id: number; valid: boolean; type?: TimelineEntry['type']; entry?: TimelineEntry };
  /** case:<id> — an entry changed: an appeal's state or who of the staff viewed it. */
  'timeline.updated': { entry: TimelineEntry };
  /** case:<id> — the guilt/kill votes that currently count towards confirming the case. */
  'case.votes': VoteTally;
  /** case:<id> — the case record changed (status, counts, names, games). */
  'case.updated': { case: CaseRecord };
  /** feed:cases — a case was created or its status, name or games changed; the event's sequence is the feed's cursor. */
  'feed.case': FeedChange;
  /** staff — the number of open cases (status 0) changed. */
  'cases.open': { count: number };
  /** all — a new version of the bulletin or a rule announcement was published (or an older one restored). */
  'announcement.published': { announcement: Announcement };
  /**
   * all — something happened on the site: the home feed and counters move. Also a line that shows
   * again (a report, judgement or appeal staff had hidden), which feeds place by its time.
   */
  activity: { item: ActivityItem };
  /**
   * all — lines of the activity feed that no longer show (a report, judgement or appeal hidden or
   * deleted, an account hidden or anonymised): open feeds drop them. In a replay it also stands where such a line's `activity` was.
   */
  'activity.withdrawn': { lines: ActivityLine[] };
  /**
   * all — an account that feed lines name was renamed (or anonymised): open feeds show its new
   * name on its registration line and on the lines it wrote.
   */
  'activity.renamed': { userId: number; username: string; privilege: string[] };
  /** The account changed (name, privileges, settings): refetch /user/me. */
  'user.updated': { userId: number };
  /** user:<id> — the user was muted until `mutedUntil`, or the mute was lifted or ended (null). */
  'user.muted': { userId: number; mutedUntil: string | null };
  /** Every token issued before `at` is revoked: other tabs sign out. */
  'session.revoked': { userId: number; at: string };
  /** An inbox notification for this user; `playerId`/`personaId` name the case it is about (link by `personaId`). */
  notification: { id: number; type: string; content: string; createTime: string; playerId?: number | null; personaId?: string | null };
  /**
   * A message was sent: to the recipient's and the sender's `user:` rooms; a broadcast to `all`
   * (`toAll`, and `toNormals`, which staff clients ignore) or `staff` (`toAdmins`).
   */
  'message.new': { message: MessageItem };
  /** Messages were marked read or unread by their recipient: to the recipient's and each sender's `user:` room. */
  'message.read': { ids: number[]; haveRead: boolean; toUserId: number };
  /** A message was deleted: to the rooms that received it. */
  'message.deleted': { id: number };
  /** user:<owner> — one of the owner's files changed state (an image job ended `ready` or `failed`). */
  'file.updated': { file: MediaFile };
}
export type RoomEventName = keyof RoomEventMap;

export type RoomEvent = {
  [K in RoomEventName]: { room: string; seq: number; name: K; payload: RoomEventMap[K]; at: string };
}[RoomEventName];

export type JoinResult =
  | { ok: true; room: string; lastSeq: number; replayed: number; refetch?: boolean }
  | { ok: false; room: string; code: 'room.bad' | 'room.forbidden' }
  /**
   * Too many joins, or events replayed, for this socket or its client address in the window: the
   * socket is not in the room (unless it was before); ask again after `retryAfterMs`.
   */
  | { ok: false; room: string; code: 'room.rateLimited'; retryAfterMs: number };

/** Replays larger than this answer "refetch" instead. */
export const REPLAY_LIMIT = 500;

/** Replayed events are sent at most this many to a frame. */
export const EVENTS_PER_FRAME = 100;

export interface ServerToClientEvents {
  'room:event': (event: RoomEvent) => void;
  /**
   * Several events of one room, in sequence, in one frame: what one write caused (a reply's entry
   * and the case's counts), or a replay. One frame instead of several per socket is most of a
   * fan-out's cost to thousands of sockets. Handled exactly as each `room:event` in turn.
   */
  'room:events': (events: RoomEvent[]) => void;
  /** The room's history is too far behind to replay: refetch its page. */
  'room:refetch': (info: { room: string; lastSeq: number }) => void;
  /**
   * Staff only: who of the staff is on a case page right now (sent to staff sockets in `case:<id>`
   * whenever one joins or leaves, across nodes). Not persisted: presence is a live fact.
   */
  'case:viewers': (info: CaseViewers) => void;
}

export interface CaseViewer {
  id: number;
  username: string;
  privileges: string[];
}
export interface CaseViewers {
  room: string;
  viewers: CaseViewer[];
}

export interface ClientToServerEvents {
  'room:join': (req: RoomJoinRequest, ack: (res: JoinResult) => void) => void;
  'room:leave': (req: RoomLeaveRequest, ack?: (res: { ok: boolean }) => void) => void;
}
