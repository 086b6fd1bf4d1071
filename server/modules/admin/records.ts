import { and, asc, desc, eq, gt, gte, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ChatLogItem, ChatLogQuery, UserOperationItem, UserOperationLogsQuery, VerificationItem, VerificationsQuery } from '@shared/schemas/admin';
import { messages, userOperationLog, users, verifications } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';

const total = (rows: Array<{ n: number }>) => Number(rows[0]?.n ?? 0);

function timeConditions(column: Parameters<typeof gte>[0], q: { createTimeFrom?: number; createTimeTo?: number }): SQL[] {
  const out: SQL[] = [];
  if (q.createTimeFrom !== undefined) out.push(gte(column, new Date(q.createTimeFrom)));
  if (q.createTimeTo !== undefined) out.push(lte(column, new Date(q.createTimeTo)));
  return out;
}

/**
 * The user operation log, paged with an exact total. `showIp`: root and dev see the addresses,
 * super staff get them as null.
 */
export async function readUserOperations(db: DbOrTx, q: UserOperationLogsQuery, showIp: boolean): Promise<{ data: UserOperationItem[]; total: number }> {
  const where: SQL[] = timeConditions(userOperationLog.createTime, q);
  if (q.id) where.push(eq(userOperationLog.userId, q.id));
  if (q.kind) where.push(eq(userOperationLog.kind, q.kind));
  const cond = where.length ? and(...where) : undefined;
  const dir = q.order === 'asc' ? asc : desc;
  const [rows, count] = await Promise.all([
    db
      .select({ op: userOperationLog, username: users.username })
      .from(userOperationLog)
      .leftJoin(users, eq(users.id, userOperationLog.userId))
      .where(cond)
      .orderBy(dir(userOperationLog.createTime), dir(userOperationLog.id))
      .limit(q.limit)
      .offset(q.skip),
    db.select({ n: sql<number>`count(*)::int` }).from(userOperationLog).where(cond),
  ]);
  const data = rows.map(({ op, username }) => ({
    id: op.id,
    createTime: op.createTime.toISOString(),
    userId: op.userId,
    username,
    kind: op.kind,
    ip: showIp ? op.ip : null,
    userAgent: op.userAgent,
    detail: op.detail,
  }));
  return { data, total: total(count) };
}

const sender = alias(users, 'sender');
const recipient = alias(users, 'recipient');

/** Every message (direct, notices, pushes), paged with an exact total. */
export async function readChatLog(db: DbOrTx, q: ChatLogQuery): Promise<{ data: ChatLogItem[]; total: number }> {
  const where: SQL[] = timeConditions(messages.createTime, q);
  if (q.byUserId) where.push(eq(messages.byUserId, q.byUserId));
  if (q.toUserId) where.push(eq(messages.toUserId, q.toUserId));
  if (q.type) where.push(eq(messages.type, q.type));
  const cond = where.length ? and(...where) : undefined;
  const dir = q.order === 'asc' ? asc : desc;
  const [rows, count] = await Promise.all([
    db
      .select({ m: messages, byUserName: sender.username, toUserName: recipient.username })
      .from(messages)
      .leftJoin(sender, eq(sender.id, messages.byUserId))
      .leftJoin(recipient, eq(recipient.id, messages.toUserId))
      .where(cond)
      .orderBy(dir(messages.createTime), dir(messages.id))
      .limit(q.limit)
      .offset(q.skip),
    db.select({ n: sql<number>`count(*)::int` }).from(messages).where(cond),
  ]);
  const data = rows.map(({ m, byUserName, toUserName }) => ({
    id: m.id,
    createTime: m.createTime.toISOString(),
    type: m.type,
    byUserId: m.byUserId,
    byUserName,
    toUserId: m.toUserId,
    toUserName,
    content: m.content,
    playerId: m.playerId,
    haveRead: m.haveRead,
  }));
  return { data, total: total(count) };
}

/**
 * Pending (unexpired) verification codes, newest first: who and what only. The stored digest,
 * the password hash, the e-mail and the address of a sign-up are never selected.
 */
export async function readVerifications(db: DbOrTx, q: VerificationsQuery, now = new Date()): Promise<{ data: VerificationItem[]; total: number }> {
  const where: SQL[] = [gt(verifications.expiresTime, now)];
  if (q.type) where.push(eq(verifications.type, q.type));
  const cond = and(...where);
  const [rows, count] = await Promise.all([
    db
      .select({
        type: verifications.type,
        userId: verifications.userId,
        username: verifications.username,
        originName: verifications.originName,
        createTime: verifications.createTime,
        expiresTime: verifications.expiresTime,
      })
      .from(verifications)
      .where(cond)
      .orderBy(desc(verifications.createTime))
      .limit(q.limit)
      .offset(q.skip),
    db.select({ n: sql<number>`count(*)::int` }).from(verifications).where(cond),
  ]);
  const data = rows.map((r) => ({ ...r, createTime: r.createTime.toISOString(), expiresTime: r.expiresTime.toISOString() }));
  return { data, total: total(count) };
}
