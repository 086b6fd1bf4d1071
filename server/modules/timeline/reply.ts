import { eq, sql } from 'drizzle-orm';
import { roomOf } from '@shared/socket';
import { timeline } from '@server/db/schema';
import type { Services } from '@server/core/services';
import type { AuthedUser } from '@server/core/authed-user';
import { AppError } from '@server/app-error';
import { sanitizeRichText } from '@server/http/sanitize';
import { inTransaction } from '@server/db/outbox';
import { inSharedTransaction } from '@server/db/shared-transaction';
import { caseById } from '@server/modules/cases/queries';
import { replyProblem, type ReplyProblem } from '@shared/reply';
import { mayHideEntry } from '@shared/policy';
import { readScalars } from '@server/db/scalars';
import { assertNotDuplicate, assertNotSpam, previousEntrySql } from './spam';
import { appendEntry } from './append';
import { authorBadgesSql, presentEntries } from './queries';
import { noticeQuoted } from '@server/modules/notifications/case-notices';
import { restateStoredEntry, withholdStoredEntry } from '@server/db/stored-events';
import { tellEntryVisibility } from '@server/core/entry-visibility';

const REPLY_PROBLEMS: Record<ReplyProblem, string> = {
  empty: 'the reply is empty',
  tooShort: 'a reply of a single character says nothing: write what you mean',
  tooLong: 'the reply is too long',
};

/**
 * A reply on a case, optionally quoting an entry of the same case. Replies to one
 * case that arrive together (a busy case page) share a transaction (`inSharedTransaction`).
 */
export async function postReply(services: Services, user: AuthedUser, input: { toPlayerId: number; toCommentId?: number | null; content: string }) {
  const content = sanitizeRichText(input.content);
  const problem = replyProblem(content);
  if (problem) throw new AppError('reply.bad', REPLY_PROBLEMS[problem]);
  assertNotSpam(content, 'reply.spam');
  return inSharedTransaction(services, `case:${input.toPlayerId}`, async (r) => {
    const { tx } = r;
    const row = await caseById(tx, input.toPlayerId, { forUpdate: true });
    if (!row) throw new AppError('reply.notFound', 'no such case');
    const checks = await readScalars(tx, {
      previous: previousEntrySql(row.id, user.id, 'reply'),
      achievements: authorBadgesSql(user.id),
      quoted: input.toCommentId ? quotedEntrySql(input.toCommentId) : sql<null>`null`,
    });
    let quotedAuthorId: number | null = null;
    if (input.toCommentId) {
      const quoted = checks.quoted;
      if (!quoted || quoted.playerId !== row.id || !quoted.valid) throw new AppError('reply.notFound', 'the quoted entry is not on this case');
      quotedAuthorId = quoted.byUserId;
    }
    assertNotDuplicate(checks.previous, content, 'reply.bad');
    const author = { ...user.row, achievements: checks.achievements };
    const { presented, after } = await appendEntry(services, r, row, { type: 'reply', author, fields: { content, quoteId: input.toCommentId ?? null } });
    await noticeQuoted(r, services.i18n, after, quotedAuthorId, user.row);
    return presented;
  });
}

/** What a reply needs of the entry it quotes, as a subquery read with its other checks. */
const quotedEntrySql = (id: number) =>
  sql<{ playerId: number; valid: boolean; byUserId: number | null } | null>`select jsonb_build_object('playerId', ${timeline.playerId}, 'valid', ${timeline.valid}, 'byUserId', ${timeline.byUserId}) from ${timeline} where ${timeline.id} = ${id}`;

/** Hides or shows an entry: staff any, authors their own replies. Hidden entries stay visible to staff. */
export async function setEntryVisibility(services: Services, user: AuthedUser, id: number, valid: boolean) {
  return inTransaction(services, async (r) => {
    const { tx, emit } = r;
    const [entry] = await tx.select().from(timeline).where(eq(timeline.id, id)).for('update');
    if (!entry) throw new AppError('unReply.notFound');
    if (!mayHideEntry(user.actor, entry, valid)) throw new AppError('user.permissionDenined');
    if (entry.valid === valid) return entry;
    // A soft-deleted entry (admin setComment) has its text set aside: only a restore there brings it back.
    if (valid && (entry.extra as { deleted?: unknown } | null)?.deleted) throw new AppError('unReply.bad', 'the entry was deleted: restore it in the comment console');
    const [after] = await tx.update(timeline).set({ valid }).where(eq(timeline.id, id)).returning();
    // Shown again: the entry goes with the event, so pages that had dropped it put it back.
    const [shown] = valid ? await presentEntries(tx, [after!]) : [];
    const room = roomOf.case(entry.playerId);
    await (shown ? restateStoredEntry(tx, room, shown) : withholdStoredEntry(tx, room, id));
    await emit(room, 'timeline.hidden', shown ? { id, valid, type: entry.type, entry: shown } : { id, valid, type: entry.type });
    await tellEntryVisibility({ r, entry: after! });
    return after!;
  });
}
