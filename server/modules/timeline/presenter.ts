import type { QuotedEntry, TimelineEntry } from '@shared/types/cases';
import type { TimelineRow, UserRow } from '@server/db/schema';
import { userAvatarOf } from '@server/modules/users/avatar';

export type Author = Pick<UserRow, 'id' | 'username' | 'privileges' | 'originEmail' | 'attr'> & { achievements?: Record<string, number> | null };

export interface PresentOptions {
  /** Staff see hidden entries, marked with `valid: false`. */
  staff?: boolean;
  /** Whether the viewer may see appeal attachments (signed in). */
  showAttachment?: boolean;
}

const isMuted = (a: Author | null) => !!a?.attr.mute && new Date(a.attr.mute).getTime() > Date.now();

export function presentQuote(row: TimelineRow, author: Author | null): QuotedEntry {
  return {
    id: row.id,
    type: row.type,
    byUserId: row.byUserId,
    username: author?.username ?? null,
    privilege: author?.privileges ?? [],
    createTime: row.createTime.toISOString(),
    content: row.valid ? row.content : '',
  };
}

/** A timeline entry on the wire (docs/api-compatibility.md#quirks-kept-on-purpose): `content` is always an object with `text`. */
export function presentEntry(row: TimelineRow, author: Author | null, quote: QuotedEntry | null, opts: PresentOptions = {}): TimelineEntry {
  const extra = (row.extra ?? {}) as Record<string, unknown>;
  const content: TimelineEntry['content'] = { text: row.content };
  // An appeal's attachments (its links and archive) are for signed-in readers (docs/api-compatibility.md#bugs-of-the-original-not-kept):
  // without `showAttachment` (a visitor, a banned account, every live event) `extendedLinks` is empty.
  const hideAttachment = row.type === 'banAppeal' && !opts.showAttachment;
  if (row.type === 'banAppeal') {
    content.appealType = String(extra.appealType ?? 'none');
    content.showAttachment = !!opts.showAttachment;
    content.extendedLinks = opts.showAttachment ? ((extra.extendedLinks ?? {}) as Record<string, string>) : {};
  }
  const entry: TimelineEntry = {
    id: row.id,
    type: row.type,
    toPlayerId: row.playerId,
    toOriginUserId: row.toOriginUserId,
    toOriginPersonaId: row.toOriginPersonaId,
    toOriginName: row.toOriginName,
    byUserId: row.byUserId,
    username: author?.username ?? null,
    privilege: author?.privileges ?? [],
    byUserAvatar: author ? userAvatarOf(author) : null,
    createTime: row.createTime.toISOString(),
    content,
  };
  if (author?.achievements) entry.byUserAchievements = author.achievements;
  if (row.videoLink && !hideAttachment) entry.videoLink = row.videoLink;
  if (row.cheatGame) entry.cheatGame = row.cheatGame;
  if (row.cheatMethods) entry.cheatMethods = row.cheatMethods;
  if (row.quoteId) entry.toCommentId = row.quoteId;
  if (row.judgeAction) entry.judgeAction = row.judgeAction;
  if (row.hackerLevel !== null) entry.hackerLevel = row.hackerLevel;
  if (row.appealStatus) entry.appealStatus = row.appealStatus;
  if (row.type === 'banAppeal') entry.viewedAdmins = row.viewedAdmins ?? [];
  if (typeof extra.auto === 'string') entry.auto = extra.auto;
  if (extra.appealOutcome === 'accept' || extra.appealOutcome === 'fail') entry.appealOutcome = extra.appealOutcome;
  if (row.type === 'historyUsername') {
    entry.beforeUsername = String(extra.beforeUsername ?? '');
    entry.nextUsername = String(extra.nextUsername ?? '');
  }
  if (quote) entry.quote = quote;
  if (isMuted(author)) entry.isMute = true;
  if (author?.attr.app) entry.byApp = { id: author.attr.app.id, name: author.attr.app.name };
  if (opts.staff) entry.valid = row.valid;
  return entry;
}
