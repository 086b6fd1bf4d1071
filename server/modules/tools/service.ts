import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { LIMITS } from '@shared/limits';
import type { Tool, ToolFilter, ToolState, ToolSubmission, ToolTag, ToolWithReview } from '@shared/schemas/tools';
import { tools, users, type ToolRow } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';
import type { Services } from '@server/core/services';
import type { AuthedUser } from '@server/core/authed-user';
import { AppError } from '@server/app-error';
import { inTransaction } from '@server/db/outbox';
import { recordAdminAction } from '@server/modules/admin/oplog';

const present = (row: ToolRow): Tool => ({
  id: row.id,
  name: row.name,
  description: row.description,
  icon: row.icon,
  tags: row.tags as ToolTag[],
  getUrl: row.getUrl,
  websiteUrl: row.websiteUrl,
  hot: row.hot,
  official: row.submitterId === null,
  createTime: row.createTime.toISOString(),
  updateTime: row.updateTime.toISOString(),
});

const submitter = alias(users, 'submitter');
const reviewer = alias(users, 'reviewer');
type Joined = { row: ToolRow; submitterName: string | null; reviewerName: string | null };

/** A page of tools with their submitter's and reviewer's names, and the exact total. */
async function listWhere(db: DbOrTx, where: SQL | undefined, page: { skip: number; limit: number }, order: 'directory' | 'newest') {
  const [rows, [count]] = await Promise.all([
    db
      .select({ row: tools, submitterName: submitter.username, reviewerName: reviewer.username })
      .from(tools)
      .leftJoin(submitter, eq(submitter.id, tools.submitterId))
      .leftJoin(reviewer, eq(reviewer.id, tools.reviewerId))
      .where(where)
      .orderBy(...(order === 'directory' ? [desc(tools.hot), desc(tools.updateTime), desc(tools.id)] : [desc(tools.createTime), desc(tools.id)]))
      .limit(page.limit)
      .offset(page.skip),
    db.select({ n: sql<number>`count(*)::int` }).from(tools).where(where),
  ]);
  return { rows: rows as Joined[], total: Number(count?.n ?? 0) };
}

const withReview = (r: Joined): ToolWithReview => ({
  ...present(r.row),
  status: r.row.status as ToolState,
  submitterId: r.row.submitterId,
  submitterName: r.submitterName,
  reviewerName: r.reviewerName,
  reviewTime: r.row.reviewTime?.toISOString() ?? null,
  reason: r.row.reason,
});

const hasTag = (tag: ToolTag) => sql`${tools.tags} @> ${JSON.stringify([tag])}::jsonb`;

/** The public directory: approved tools, hot ones first. */
export async function listTools(db: DbOrTx, q: { tag: ToolFilter; skip: number; limit: number }) {
  const where = q.tag === 'all' ? eq(tools.status, 'approved') : and(eq(tools.status, 'approved'), hasTag(q.tag));
  const { rows, total } = await listWhere(db, where, q, 'directory');
  return { data: rows.map((r) => present(r.row)), total };
}

/** A member's own submissions, newest first, with their review. */
export async function myTools(db: DbOrTx, userId: number, page: { skip: number; limit: number }) {
  const { rows, total } = await listWhere(db, eq(tools.submitterId, userId), page, 'newest');
  return { data: rows.map(withReview), total };
}

/** Staff: the directory by state, newest first. */
export async function staffTools(db: DbOrTx, q: { status: ToolState | 'all'; skip: number; limit: number }) {
  const { rows, total } = await listWhere(db, q.status === 'all' ? undefined : eq(tools.status, q.status), q, 'newest');
  return { data: rows.map(withReview), total };
}

const nullable = (v: string | undefined) => (v ? v : null);
type ToolInput = Omit<ToolSubmission, 'tags'> & { tags: ToolTag[] };

/** A member's submission; at most `toolsPendingPerUser` may wait for review at once (counted under the member's row lock). */
export async function submitTool(services: Services, user: AuthedUser, input: ToolInput): Promise<ToolWithReview> {
  return inTransaction(services, async ({ tx }) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const [counted] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(tools)
      .where(and(eq(tools.submitterId, user.id), eq(tools.status, 'pending')));
    if (Number(counted?.n ?? 0) >= LIMITS.toolsPendingPerUser) {
      throw new AppError('toolSubmit.tooMany', `at most ${LIMITS.toolsPendingPerUser} submissions may wait for review at once`);
    }
    const [row] = await tx
      .insert(tools)
      .values({
        name: input.name,
        description: input.description,
        icon: nullable(input.icon),
        tags: input.tags,
        getUrl: nullable(input.getUrl),
        websiteUrl: nullable(input.websiteUrl),
        status: 'pending',
        submitterId: user.id,
      })
      .returning();
    return withReview({ row: row!, submitterName: user.row.username, reviewerName: null });
  });
}

async function lockTool(tx: DbOrTx, id: number, area: 'toolReview' | 'toolSet') {
  const [row] = await tx.select().from(tools).where(eq(tools.id, id)).for('update');
  if (!row) throw new AppError(`${area}.notFound`, 'no such tool');
  return row;
}

async function nameOf(tx: DbOrTx, userId: number | null) {
  if (userId === null) return null;
  const [row] = await tx.select({ username: users.username }).from(users).where(eq(users.id, userId));
  return row?.username ?? null;
}

/** Staff approve or reject a submission (a rejected one may be approved later, an approved one withdrawn). */
export async function reviewTool(services: Services, staff: AuthedUser, input: { id: number; action: 'approve' | 'reject'; reason?: string }): Promise<ToolWithReview> {
  return inTransaction(services, async ({ tx }) => {
    const before = await lockTool(tx, input.id, 'toolReview');
    const status = input.action === 'approve' ? 'approved' : 'rejected';
    if (before.status === status) throw new AppError('toolReview.bad', `this tool is already ${status}`);
    const now = new Date();
    const [row] = await tx
      .update(tools)
      .set({ status, reviewerId: staff.id, reviewTime: now, reason: status === 'rejected' ? (input.reason ?? null) : null, updateTime: now })
      .where(eq(tools.id, input.id))
      .returning();
    await recordAdminAction(tx, {
      actorId: staff.id,
      action: input.action === 'approve' ? 'approveTool' : 'rejectTool',
      targetUserId: before.submitterId ?? undefined,
      detail: { toolId: before.id, name: before.name, ...(input.reason ? { reason: input.reason } : {}) },
    });
    return withReview({ row: row!, submitterName: await nameOf(tx, before.submitterId), reviewerName: staff.row.username });
  });
}

export type ToolEdit = Partial<ToolInput> & { id: number; hot?: boolean; delete?: boolean };

/** Staff edit an entry, mark it hot, or delete it. */
export async function setTool(services: Services, staff: AuthedUser, input: ToolEdit): Promise<ToolWithReview | { id: number; deleted: true }> {
  return inTransaction(services, async ({ tx }) => {
    const before = await lockTool(tx, input.id, 'toolSet');
    if (input.delete) {
      await tx.delete(tools).where(eq(tools.id, input.id));
      await recordAdminAction(tx, { actorId: staff.id, action: 'deleteTool', targetUserId: before.submitterId ?? undefined, detail: { toolId: before.id, name: before.name } });
      return { id: before.id, deleted: true as const };
    }
    const changes: Partial<typeof tools.$inferInsert> = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.description !== undefined) changes.description = input.description;
    if (input.icon !== undefined) changes.icon = nullable(input.icon);
    if (input.tags !== undefined) changes.tags = input.tags;
    if (input.getUrl !== undefined) changes.getUrl = nullable(input.getUrl);
    if (input.websiteUrl !== undefined) changes.websiteUrl = nullable(input.websiteUrl);
    if (input.hot !== undefined) changes.hot = input.hot;
    if (!Object.keys(changes).length) throw new AppError('toolSet.bad', 'nothing to change');
    const after = { ...before, ...changes };
    if (!after.getUrl && !after.websiteUrl) throw new AppError('toolSet.bad', 'a tool needs a download or a website address');
    const [row] = await tx.update(tools).set({ ...changes, updateTime: new Date() }).where(eq(tools.id, input.id)).returning();
    await recordAdminAction(tx, { actorId: staff.id, action: 'setTool', targetUserId: before.submitterId ?? undefined, detail: { toolId: before.id, name: row!.name, changed: Object.keys(changes) } });
    return withReview({ row: row!, submitterName: await nameOf(tx, before.submitterId), reviewerName: null });
  });
}
