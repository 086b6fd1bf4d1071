import { desc, eq, sql } from 'drizzle-orm';
import { MUTE_DURATIONS_MS } from '@shared/roles';
import { isAdmin } from '@shared/privileges';
import { roomOf } from '@shared/socket';
import { users, type UserAttr } from '@server/db/schema';
import type { Services } from '@server/core/services';
import type { AuthedUser } from '@server/core/authed-user';
import { AppError } from '@server/app-error';
import { inTransaction } from '@server/db/outbox';
import { notifyUsers } from '@server/modules/notifications/notify';
import { recordAdminAction } from '../oplog';
import { muteEnd } from './presenter';

/** Mutes end by a delayed job at their minute; the sweep catches jobs lost with a node. */
export const MUTE_SWEEP_EVERY_MS = 60_000;

const withoutMute = (attr: UserAttr): UserAttr => {
  const next = { ...attr };
  delete next.mute;
  return next;
};

export interface MuteInput {
  id: number;
  type: 'add' | 'remove';
  value: number;
  isNotice?: boolean;
  language?: string;
  warn?: string;
}

/**
 * Mutes a user for one of the six lengths, or lifts a mute. Staff cannot be muted (402). The user
 * hears of it live; with `isNotice` or a warning they also get a system message in their language.
 */
export async function muteUser(services: Services, actor: AuthedUser, input: MuteInput, now = Date.now()) {
  const result = await inTransaction(services, async (r) => {
    const [row] = await r.tx.select().from(users).where(eq(users.id, input.id)).for('update');
    if (!row) throw new AppError('admin.muteUser.notFound', 'no such user');
    if (isAdmin(row.privileges)) throw new AppError('muteUser.ban.userUnauthorized', 'staff cannot be muted');
    const until = input.type === 'add' ? new Date(now + MUTE_DURATIONS_MS[input.value]!) : null;
    const attr = until ? { ...row.attr, mute: until.toISOString() } : withoutMute(row.attr);
    await r.tx.update(users).set({ attr }).where(eq(users.id, row.id));
    await recordAdminAction(r.tx, {
      actorId: actor.id,
      action: 'muteUser',
      targetUserId: row.id,
      detail: { type: input.type, ...(until ? { value: input.value, until: until.toISOString() } : {}), ...(input.warn ? { warn: input.warn } : {}) },
    });
    if (input.isNotice || input.warn) {
      const key = until ? (input.warn ? 'mutedWarn' : 'muted') : 'unmuted';
      await notifyUsers(r, services.i18n, [row.id], { type: 'warn', key, values: { until: until ? `${until.toISOString().slice(0, 16).replace('T', ' ')} UTC` : '', warn: input.warn ?? '' } });
    }
    await r.emit(roomOf.user(row.id), 'user.muted', { userId: row.id, mutedUntil: until?.toISOString() ?? null });
    await r.emit(roomOf.user(row.id), 'user.updated', { userId: row.id });
    return { id: row.id, mutedUntil: until?.toISOString() ?? null };
  });
  if (result.mutedUntil) await scheduleMuteEnd(services, result.id, new Date(result.mutedUntil).getTime(), now);
  return result;
}

/** Queues the end of a mute; the job id makes a repeated enqueue (same user, same end) run once. */
export async function scheduleMuteEnd(services: Services, userId: number, until: number, now = Date.now()) {
  await services.jobs.enqueue('user.muteEnd', { userId, until }, { delayMs: Math.max(0, until - now), jobId: `${userId}-${until}` });
}

/**
 * Ends a user's mute if it is over: the row lock and the re-check make it happen once however many
 * jobs and sweeps (of however many nodes) arrive together. The user is told live and in the inbox.
 */
export async function endMuteIfOver(services: Services, userId: number, now = Date.now()): Promise<boolean> {
  return inTransaction(services, async (r) => {
    const [row] = await r.tx.select().from(users).where(eq(users.id, userId)).for('update');
    const end = row ? muteEnd(row.attr.mute) : null;
    if (!row || end === null || end > now) return false;
    await r.tx.update(users).set({ attr: withoutMute(row.attr) }).where(eq(users.id, row.id));
    await notifyUsers(r, services.i18n, [row.id], { type: 'warn', key: 'muteEnded', values: {} });
    await r.emit(roomOf.user(row.id), 'user.muted', { userId: row.id, mutedUntil: null });
    await r.emit(roomOf.user(row.id), 'user.updated', { userId: row.id });
    return true;
  });
}

/** Ends every mute that is over (after a restart, or for lost jobs); returns how many. */
export async function sweepEndedMutes(services: Services, now = Date.now()): Promise<number> {
  // Muted users are few; the stored date may be in either format, so it is read here rather than in SQL.
  const muted = await services.db.select({ id: users.id, attr: users.attr }).from(users).where(sql`${users.attr} ->> 'mute' is not null`);
  let ended = 0;
  for (const m of muted) {
    const end = muteEnd(m.attr.mute);
    if (end !== null && end <= now && (await endMuteIfOver(services, m.id, now))) ended++;
  }
  return ended;
}

/** Users muted now, soonest end first by default (`order=desc`: latest end first). */
export async function mutedUsers(services: Services, q: { skip: number; limit: number; order: 'asc' | 'desc' }, now = Date.now()) {
  const muted = await services.db.select().from(users).where(sql`${users.attr} ->> 'mute' is not null`);
  const live = muted.filter((u) => (muteEnd(u.attr.mute) ?? 0) > now).sort((a, b) => (muteEnd(a.attr.mute)! - muteEnd(b.attr.mute)!) * (q.order === 'asc' ? 1 : -1) || a.id - b.id);
  return { rows: live.slice(q.skip, q.skip + q.limit), total: live.length };
}

/** Banned (blacklisted) users, newest change first. */
export async function blockedUsers(services: Services, q: { skip: number; limit: number }) {
  const where = sql`${users.privileges} ? 'blacklisted'`;
  const [rows, [count]] = await Promise.all([
    services.db.select().from(users).where(where).orderBy(desc(users.updateTime), desc(users.id)).limit(q.limit).offset(q.skip),
    services.db.select({ n: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

