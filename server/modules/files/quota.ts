import { and, eq, sql } from 'drizzle-orm';
import { LIMITS, MEDIA_QUOTAS, type MediaQuotaLimits } from '@shared/limits';
import { ADMIN_LEVELS, hasAny } from '@shared/privileges';
import { mediaQuotas } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';
import { AppError } from '@server/app-error';

/** The quota of an account: staff, bots, everyone else (values in `MEDIA_QUOTAS`, shared/limits.ts). */
export function quotaLimitsFor(privileges: readonly string[]): MediaQuotaLimits {
  if (hasAny(privileges, ADMIN_LEVELS[1])) return MEDIA_QUOTAS.staff;
  if (privileges.includes('bot')) return MEDIA_QUOTAS.bot;
  return MEDIA_QUOTAS.normal;
}

const WINDOW = sql.raw(`interval '${LIMITS.quotaWindowMs} milliseconds'`);
/** Whether the daily window has run out (then today's counters count from zero). */
const expired = sql`${mediaQuotas.dayStart} <= now() - ${WINDOW}`;
const dayBytesNow = sql`(CASE WHEN ${expired} THEN 0 ELSE ${mediaQuotas.dayBytes} END)`;
const dayFilesNow = sql`(CASE WHEN ${expired} THEN 0 ELSE ${mediaQuotas.dayFiles} END)`;

export type QuotaLimitName = 'storage' | 'dailyTraffic' | 'dailyFiles';

/**
 * Takes `bytes` (and `files` files) from the account's quota in one conditional UPDATE: the row
 * lock makes concurrent uploads queue, and each re-reads the counters the one before it left, so
 * two uploads can never both take the last slot. Refused with `403 upload.exceedQuota` naming the limit.
 */
export async function reserveQuota(db: DbOrTx, userId: number, privileges: readonly string[], bytes: number, files = 1) {
  const limits = quotaLimitsFor(privileges);
  await db.insert(mediaQuotas).values({ userId }).onConflictDoNothing();
  const taken = await db
    .update(mediaQuotas)
    .set({
      dayStart: sql`CASE WHEN ${expired} THEN now() ELSE ${mediaQuotas.dayStart} END`,
      dayBytes: sql`${dayBytesNow} + ${bytes}`,
      dayFiles: sql`${dayFilesNow} + ${files}`,
      totalBytes: sql`${mediaQuotas.totalBytes} + ${bytes}`,
    })
    .where(
      and(
        eq(mediaQuotas.userId, userId),
        sql`${mediaQuotas.totalBytes} + ${bytes} <= ${limits.storageBytes}`,
        sql`${dayBytesNow} + ${bytes} <= ${limits.dailyBytes}`,
        sql`${dayFilesNow} + ${files} <= ${limits.dailyFiles}`,
      ),
    )
    .returning({ userId: mediaQuotas.userId });
  if (taken.length) return;
  const usage = await quotaUsage(db, userId);
  const over: QuotaLimitName =
    usage.totalBytes + bytes > limits.storageBytes ? 'storage' : usage.dayBytes + bytes > limits.dailyBytes ? 'dailyTraffic' : 'dailyFiles';
  const left = over === 'storage' ? limits.storageBytes - usage.totalBytes : over === 'dailyTraffic' ? limits.dailyBytes - usage.dayBytes : limits.dailyFiles - usage.dayFiles;
  throw new AppError('upload.exceedQuota', { limit: over, left: Math.max(0, left), resetAt: usage.resetAt.toISOString() });
}

/**
 * Gives back what a refused or removed upload took. `daily` also returns today's traffic and
 * file (a refusal leaves nothing behind); deleting a stored file returns its storage only.
 */
export async function releaseQuota(db: DbOrTx, userId: number, bytes: number, opts: { daily: boolean; files?: number }) {
  const files = opts.files ?? 1;
  await db
    .update(mediaQuotas)
    .set({
      totalBytes: sql`GREATEST(0, ${mediaQuotas.totalBytes} - ${bytes})`,
      ...(opts.daily
        ? { dayBytes: sql`GREATEST(0, ${mediaQuotas.dayBytes} - ${bytes})`, dayFiles: sql`GREATEST(0, ${mediaQuotas.dayFiles} - ${files})` }
        : {}),
    })
    .where(eq(mediaQuotas.userId, userId));
}

/** A stored file changed size (re-encoded): the storage used follows; the day's traffic stays what was sent. */
export async function adjustStorage(db: DbOrTx, userId: number, delta: number) {
  if (!delta) return;
  await db
    .update(mediaQuotas)
    .set({ totalBytes: sql`GREATEST(0, ${mediaQuotas.totalBytes} + ${delta})` })
    .where(eq(mediaQuotas.userId, userId));
}

/** What the account uses now, today's counters already reset when their window ran out. */
export async function quotaUsage(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      totalBytes: mediaQuotas.totalBytes,
      dayBytes: sql<number>`${dayBytesNow}::bigint`.mapWith(Number),
      dayFiles: sql<number>`${dayFilesNow}::int`.mapWith(Number),
      dayStart: sql<Date>`CASE WHEN ${expired} THEN now() ELSE ${mediaQuotas.dayStart} END`.mapWith((v: string | Date) => new Date(v)),
    })
    .from(mediaQuotas)
    .where(eq(mediaQuotas.userId, userId));
  const dayStart = row?.dayStart ?? new Date();
  return {
    totalBytes: row?.totalBytes ?? 0,
    dayBytes: row?.dayBytes ?? 0,
    dayFiles: row?.dayFiles ?? 0,
    resetAt: new Date(dayStart.getTime() + LIMITS.quotaWindowMs),
  };
}

/** An upload reserved `reserved` bytes before they came (its Content-Length); it turned out `actual`. */
export async function settleReservation(db: DbOrTx, userId: number, reserved: number, actual: number) {
  const delta = actual - reserved;
  if (!delta) return;
  await db
    .update(mediaQuotas)
    .set({ totalBytes: sql`GREATEST(0, ${mediaQuotas.totalBytes} + ${delta})`, dayBytes: sql`GREATEST(0, ${mediaQuotas.dayBytes} + ${delta})` })
    .where(eq(mediaQuotas.userId, userId));
}
