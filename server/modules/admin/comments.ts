import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { roomOf } from '@shared/socket';
import { isBlankHtml } from '@shared/reply';
import { LIMITS } from '@shared/limits';
import type { TimelineSubject } from '@shared/timeline';
import type {
  AdminComment,
  CommentAllQuery,
  CommentAppealQuery,
  CommentState,
  CommentTypeListQuery,
  DeletedMark,
  SetCommentInput,
  SetCommentResult,
} from '@shared/schemas/adminContent';
import { timeline, type TimelineRow } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';
import type { Services } from '@server/core/services';
import type { AuthedUser } from '@server/core/authed-user';
import { AppError } from '@server/app-error';
import { sanitizeRichText } from '@server/http/sanitize';
import { inTransaction } from '@server/db/outbox';
import { presentEntries } from '@server/modules/timeline/queries';
import { recordAdminAction } from './oplog';
import { restateStoredEntry, withholdStoredEntry } from '@server/db/stored-events';
import { tellEntryVisibility } from '@server/core/entry-visibility';

/** The soft-delete mark a `setComment` that emptied an entry leaves in its `extra`. */
const deletedOf = (row: Pick<TimelineRow, 'extra'>): DeletedMark | null => {
  const d = (row.extra as { deleted?: DeletedMark } | null)?.deleted;
  return d && typeof d === 'object' ? d : null;
};
const editTimeOf = (row: Pick<TimelineRow, 'extra'>): string | null => {
  const t = (row.extra as { editTime?: unknown } | null)?.editTime;
  return typeof t === 'string' ? t : null;
};

const DELETED_SQL = sql`(${timeline.extra} ? 'deleted')`;

function stateCondition(state: CommentState): SQL | undefined {
  switch (state) {
    case 'visible':
      return sql`${timeline.valid}`;
    case 'hidden':
      return and(sql`not ${timeline.valid}`, sql`not coalesce(${DELETED_SQL}, false)`);
    case 'deleted':
      return sql`coalesce(${DELETED_SQL}, false)`;
    default:
      return undefined;
  }
}

/** Entries as the console shows them: the public shape (attachments included), visibility, delete mark, edit time. */
export async function presentAdminComments(db: DbOrTx, rows: TimelineRow[]): Promise<AdminComment[]> {
  const entries = await presentEntries(db, rows, { staff: true, showAttachment: true });
  return entries.map((e, i) => ({ ...e, valid: rows[i]!.valid, deleted: deletedOf(rows[i]!), editTime: editTimeOf(rows[i]!) }));
}

interface ListFilter {
  id?: number;
  types?: readonly TimelineSubject[];
  playerId?: number;
  userId?: number;
  from?: number;
  to?: number;
  state: CommentState;
  appealStatus?: readonly string[];
  judgeAction?: string;
}

async function listComments(db: DbOrTx, f: ListFilter, page: { skip: number; limit: number; order: 'asc' | 'desc' }) {
  const where: SQL[] = [];
  if (f.id) where.push(eq(timeline.id, f.id));
  if (f.types?.length) where.push(inArray(timeline.type, [...f.types]));
  if (f.playerId) where.push(eq(timeline.playerId, f.playerId));
  if (f.userId) where.push(eq(timeline.byUserId, f.userId));
  if (f.from !== undefined) where.push(gte(timeline.createTime, new Date(f.from)));
  if (f.to !== undefined) where.push(lte(timeline.createTime, new Date(f.to)));
  if (f.appealStatus) where.push(inArray(timeline.appealStatus, [...f.appealStatus]));
  if (f.judgeAction) where.push(eq(timeline.judgeAction, f.judgeAction));
  const state = stateCondition(f.state);
  if (state) where.push(state);
  const cond = where.length ? and(...where) : undefined;
  const dir = page.order === 'asc' ? asc : desc;
  const [rows, [count]] = await Promise.all([
    db.select().from(timeline).where(cond).orderBy(dir(timeline.createTime), dir(timeline.id)).limit(page.limit).offset(page.skip),
    db.select({ n: sql<number>`count(*)::int` }).from(timeline).where(cond),
  ]);
  return { data: await presentAdminComments(db, rows), total: Number(count?.n ?? 0) };
}

/** `commentAll`: every entry, hidden and deleted ones included. */
export const commentAll = (db: DbOrTx, q: CommentAllQuery) =>
  listComments(db, { id: q.id, types: q.type, playerId: q.playerId, userId: q.userId, from: q.createTimeFrom, to: q.createTimeTo, state: q.state }, q);

/** `commentTypeList`: appeals (optionally of one state) or judgements (optionally of one action). */
export const commentTypeList = (db: DbOrTx, q: CommentTypeListQuery) =>
  listComments(
    db,
    { types: [q.type], state: 'all', appealStatus: q.type === 'banAppeal' ? q.banAppealStats : undefined, judgeAction: q.type === 'judgement' ? q.judgeAction : undefined },
    q,
  );

/** `commentAppeal`: appeal entries; bots (not staff) see only the visible ones. */
export const commentAppeal = (db: DbOrTx, q: CommentAppealQuery, staff: boolean) =>
  listComments(db, { types: ['banAppeal'], state: staff ? 'all' : 'visible', appealStatus: q.banAppealStats }, q);

/** Entries that carry text staff may edit (name changes are the system's). */
const EDITABLE: readonly string[] = ['report', 'reply', 'judgement', 'banAppeal', 'verify'];
const DETAIL_TEXT_MAX = 2000;
const clip = (s: string | null) => (s && s.length > DETAIL_TEXT_MAX ? `${s.slice(0, DETAIL_TEXT_MAX)}…` : s);

/**
 * `setComment`: edits content and video link, hides or shows; content emptied with no video link
 * left deletes softly (content kept aside, entry hidden), and `valid: 1` on a deleted entry brings
 * the kept content back. Visitors' open case pages follow live (`timeline.updated`, `timeline.hidden`);
 * the case's counters are untouched (a hidden or deleted entry still counts, as hiding always did).
 */
export async function setComment(services: Services, user: AuthedUser, input: SetCommentInput): Promise<SetCommentResult> {
  const content = input.content === undefined ? undefined : sanitizeRichText(input.content);
  if (content !== undefined && content.length > LIMITS.reportMax) throw new AppError('admin.setComment.bad', 'the content is too long');
  const videoLink = input.videoLink === undefined ? undefined : input.videoLink || null;
  if (videoLink && !/^https?:\/\/\S+$/i.test(videoLink)) throw new AppError('admin.setComment.bad', 'the video link must be an http(s) address');

  return inTransaction(services, async (r) => {
    const { tx, emit } = r;
    const [row] = await tx.select().from(timeline).where(eq(timeline.id, input.id)).for('update');
    if (!row) throw new AppError('admin.setComment.notFound', 'no such entry');
    const room = roomOf.case(row.playerId);
    const extra = { ...((row.extra ?? {}) as Record<string, unknown>) };
    const deleted = deletedOf(row);
    const now = new Date();
    const editing = content !== undefined || videoLink !== undefined;
    if (editing && !EDITABLE.includes(row.type)) throw new AppError('admin.setComment.bad', 'this entry has no text to edit');

    let outcome: SetCommentResult['outcome'] = 'unchanged';
    let next: TimelineRow = row;
    const detail: Record<string, unknown> = { type: row.type };

    if (deleted) {
      if (editing) throw new AppError('admin.setComment.bad', 'the entry is deleted: restore it (valid 1) before editing it');
      if (input.valid === true) {
        delete extra.deleted;
        [next] = (await tx
          .update(timeline)
          .set({ content: deleted.content, videoLink: deleted.videoLink, valid: true, extra })
          .where(eq(timeline.id, row.id))
          .returning()) as [TimelineRow];
        outcome = 'restored';
      }
    } else {
      const newContent = content ?? row.content;
      const newVideo = videoLink !== undefined ? videoLink : row.videoLink;
      const emptied = editing && isBlankHtml(newContent) && !newVideo;
      if (emptied) {
        extra.deleted = { time: now.toISOString(), byUserId: user.id, content: row.content, videoLink: row.videoLink } satisfies DeletedMark;
        [next] = (await tx.update(timeline).set({ content: '', videoLink: null, valid: false, extra }).where(eq(timeline.id, row.id)).returning()) as [TimelineRow];
        outcome = 'deleted';
        detail.before = { content: clip(row.content), videoLink: row.videoLink, valid: row.valid };
      } else {
        const changed = newContent !== row.content || newVideo !== row.videoLink;
        const valid = input.valid ?? row.valid;
        if (changed) extra.editTime = now.toISOString();
        if (changed || valid !== row.valid) {
          [next] = (await tx.update(timeline).set({ content: newContent, videoLink: newVideo, valid, extra }).where(eq(timeline.id, row.id)).returning()) as [TimelineRow];
        }
        if (changed) {
          outcome = 'edited';
          detail.before = { content: clip(row.content), videoLink: row.videoLink };
          detail.after = { content: clip(newContent), videoLink: newVideo };
        } else if (valid !== row.valid) outcome = valid ? 'shown' : 'hidden';
        if (valid !== row.valid) detail.valid = valid;
      }
    }

    if (outcome !== 'unchanged') {
      if (outcome === 'restored') detail.restored = { content: clip(next.content), videoLink: next.videoLink };
      await recordAdminAction(tx, { actorId: user.id, action: 'setComment', targetUserId: row.byUserId, targetCaseId: row.playerId, targetEntryId: row.id, detail: { outcome, ...detail } });
      const [publicEntry] = await presentEntries(tx, [next]);
      await (next.valid ? restateStoredEntry(tx, room, publicEntry!) : withholdStoredEntry(tx, room, row.id));
      if (row.valid && !next.valid) await emit(room, 'timeline.hidden', { id: row.id, valid: false, type: row.type });
      else if (!row.valid && next.valid) await emit(room, 'timeline.hidden', { id: row.id, valid: true, type: row.type, entry: publicEntry! });
      else if (next.valid && outcome === 'edited') await emit(room, 'timeline.updated', { entry: publicEntry! });
      if (row.valid !== next.valid) await tellEntryVisibility({ r, entry: next });
    }
    const [comment] = await presentAdminComments(tx, [next]);
    return { comment: comment!, outcome };
  });
}
