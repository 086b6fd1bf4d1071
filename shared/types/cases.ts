/** Wire shapes of cases and timeline entries (docs/api-compatibility.md): presenters build them, the client reads them. */

export interface CaseRecord {
  id: number;
  originName: string;
  originUserId: string;
  originPersonaId: string;
  avatarLink: string | null;
  games: string[];
  cheatMethods: string[];
  status: number;
  /** Threat level 1-4, only while confirmed (status 1). */
  hackerLevel: number | null;
  appealStatus: string | null;
  viewNum: number;
  commentsNum: number;
  createTime: string;
  updateTime: string;
}

export interface NameHistoryItem {
  originName: string;
  fromTime: string;
  toTime: string;
}

export interface QuotedEntry {
  id: number;
  type: string;
  byUserId: number | null;
  username: string | null;
  privilege: string[];
  createTime: string;
  content: string;
}

export interface TimelineEntry {
  id: number;
  type: 'report' | 'reply' | 'judgement' | 'banAppeal' | 'verify' | 'historyUsername';
  toPlayerId: number;
  toOriginUserId: string;
  toOriginPersonaId: string;
  toOriginName: string;
  byUserId: number | null;
  username: string | null;
  privilege: string[];
  byUserAvatar: string | null;
  /** The author's achievements (id -> acquired epoch ms), when they have any and show them. */
  byUserAchievements?: Record<string, number>;
  createTime: string;
  content: { text: string; showAttachment?: boolean; appealType?: string; extendedLinks?: Record<string, string> };
  videoLink?: string;
  cheatGame?: string;
  cheatMethods?: string[];
  toCommentId?: number;
  judgeAction?: string;
  hackerLevel?: number;
  /** Appeals: unprocessed, accept, fail or lock. */
  appealStatus?: string;
  /** Appeals: the staff who viewed it. */
  viewedAdmins?: number[];
  /** Entries the system wrote, and why (`suspectDeadline`): the client explains them in the reader's language. */
  auto?: string;
  /** Judgements that ended an appeal: whether it was accepted or failed. */
  appealOutcome?: 'accept' | 'fail';
  beforeUsername?: string;
  nextUsername?: string;
  quote?: QuotedEntry;
  isMute?: boolean;
  /** Written with an application's key: the application (its bot account is the author). */
  byApp?: { id: number; name: string };
  /** Present for staff only: false = hidden. */
  valid?: boolean;
}

/**
 * A comment search hit (`GET /search?type=comment`): the entry as a raw comment row, its `content` the entry's
 * HTML as a string (the original's clients read a string here, unlike the timeline's object).
 */
export type CommentHit = Omit<TimelineEntry, 'content'> & { content: string };

/** One line of the live activity feed (`GET /activities`, the `activity` event). */
export interface ActivityItem {
  type: 'register' | 'report' | 'judgement' | 'banAppeal';
  id: number;
  createTime: string;
  byUserId?: number | null;
  byUserName?: string | null;
  byUserPrivilege?: string[];
  username?: string;
  privilege?: string[];
  toPlayerId?: number;
  toPlayerName?: string;
  playerOriginUserId?: string;
  playerOriginPersonaId?: string;
  playerAvatarLink?: string | null;
  playerCheatMethods?: string[];
  playerGames?: string[];
  playerViewNum?: number;
  /** Spelled as the original sent it. */
  PlayerCommentsNum?: number;
  playerCreateTime?: string;
  playerUpdateTime?: string;
  game?: string;
  action?: string;
}

/** Which line of the activity feed: lines are told apart by type and id (a registration's id is the user's, an entry's its own). */
export type ActivityLine = Pick<ActivityItem, 'type' | 'id'>;

/** The running tally of a case's confirming votes (shown as "1 of 2 votes to confirm"). */
export interface VoteTally {
  playerId: number;
  status: number;
  /** Admins of the unbroken run of guilt/kill votes, newest first. */
  voters: Array<{ id: number; username: string | null }>;
  needed: number;
}
