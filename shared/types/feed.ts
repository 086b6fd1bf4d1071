/** What changed about a case in one feed item. */
export type FeedChangeKind = 'created' | 'status' | 'name' | 'games';

/**
 * One change of a case as the ban-list feed tells it (the `feed.case` event of the `feed:cases`
 * room; its sequence is the change's cursor). The ids are the case's keys as `GET /api/player`
 * takes them (`dbId`, `personaId`, `userId`); the rest is the case's state after the change.
 */
export interface FeedChange {
  dbId: number;
  personaId: string;
  userId: string;
  name: string;
  games: string[];
  status: number;
  /** The status before the change; null when the change created the case. */
  previousStatus: number | null;
  /** Threat level 1-4, only while confirmed (status 1). */
  hackerLevel: number | null;
  changed: FeedChangeKind[];
  /** When the change was made (ISO). */
  at: string;
}

/** A change with the cursor to continue after it. */
export interface FeedItem extends FeedChange {
  cursor: string;
}

/** An answer of `GET /api/feed/cases`. */
export interface FeedPage {
  items: FeedItem[];
  /** Where the next poll continues (`since`): past every change looked at, matching or not. */
  cursor: string;
  /** More changes wait after `cursor`: poll again at once. */
  more: boolean;
}

/** A case as `GET /api/feed/cases/export` lists it, one per line after the line with the cursor. */
export interface FeedCase {
  dbId: number;
  personaId: string;
  userId: string;
  name: string;
  games: string[];
  status: number;
  hackerLevel: number | null;
  updateTime: string;
}
