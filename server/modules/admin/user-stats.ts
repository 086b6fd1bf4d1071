import { and, gte, inArray, isNotNull, max, sql } from 'drizzle-orm';
import type { AdminActivity, UserStats } from '@shared/schemas/admin';
import { timeline } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';
import { staffUsers } from '@server/modules/stats/staff';
import type { Services } from '@server/core/services';
import { ok, type Reply } from '@server/http/envelope';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Days shown per admin, and idle days after which an admin is listed as inactive. */
export const STATS_DAYS = 30;
export const STATS_MONTHS = 12;

const dayKey = (d: Date) => d.toISOString().slice(0, 10);

/** The last `STATS_DAYS` days and `STATS_MONTHS` months (UTC) ending with `now`'s, oldest first. */
export function statsWindow(now: Date) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const days = Array.from({ length: STATS_DAYS }, (_, i) => dayKey(new Date(today - (STATS_DAYS - 1 - i) * DAY_MS)));
  const months = Array.from({ length: STATS_MONTHS }, (_, i) => dayKey(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (STATS_MONTHS - 1 - i), 1))).slice(0, 7));
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (STATS_MONTHS - 1), 1));
  return { days, months, since: new Date(today - (STATS_DAYS - 1) * DAY_MS), monthStart };
}

/** Judgements and replies per admin per day and month, and the admins idle for more than 30 days. */
export async function computeUserStats(db: DbOrTx, now = new Date()): Promise<UserStats> {
  const { days, months, since, monthStart } = statsWindow(now);
  const staff = await staffUsers(db);
  const ids = staff.map((s) => s.id);
  const kinds = inArray(timeline.type, ['judgement', 'reply']);
  const day = sql<string>`to_char(${timeline.createTime} at time zone 'UTC', 'YYYY-MM-DD')`;
  const month = sql<string>`to_char(${timeline.createTime} at time zone 'UTC', 'YYYY-MM')`;
  const n = sql<number>`count(*)::int`;
  const [byDay, byMonth, last] = ids.length
    ? await Promise.all([
        db
          .select({ userId: timeline.byUserId, type: timeline.type, key: day, n })
          .from(timeline)
          .where(and(kinds, inArray(timeline.byUserId, ids), gte(timeline.createTime, since)))
          .groupBy(timeline.byUserId, timeline.type, day),
        db
          .select({ userId: timeline.byUserId, type: timeline.type, key: month, n })
          .from(timeline)
          .where(and(kinds, inArray(timeline.byUserId, ids), gte(timeline.createTime, monthStart)))
          .groupBy(timeline.byUserId, timeline.type, month),
        db
          .select({ userId: timeline.byUserId, at: max(timeline.createTime) })
          .from(timeline)
          .where(and(kinds, isNotNull(timeline.byUserId), inArray(timeline.byUserId, ids)))
          .groupBy(timeline.byUserId),
      ])
    : [[], [], []];

  const series = (rows: typeof byDay, keys: string[], userId: number, type: string) => {
    const counts = keys.map(() => 0);
    for (const r of rows) if (r.userId === userId && r.type === type) counts[keys.indexOf(r.key)] += Number(r.n);
    return counts;
  };
  const lastOf = new Map(last.map((r) => [r.userId!, r.at ? new Date(r.at) : null]));
  const admins: AdminActivity[] = staff.map((s) => ({
    id: s.id,
    username: s.username,
    privilege: s.privileges,
    judgementsByDay: series(byDay, days, s.id, 'judgement'),
    repliesByDay: series(byDay, days, s.id, 'reply'),
    judgementsByMonth: series(byMonth, months, s.id, 'judgement'),
    repliesByMonth: series(byMonth, months, s.id, 'reply'),
    lastActive: lastOf.get(s.id)?.toISOString() ?? null,
  }));
  const idleSince = now.getTime() - STATS_DAYS * DAY_MS;
  const inactive = admins
    .filter((a) => a.lastActive === null || Date.parse(a.lastActive) < idleSince)
    .sort((a, b) => (a.lastActive === null ? -1 : b.lastActive === null ? 1 : a.lastActive.localeCompare(b.lastActive)))
    .map(({ id, username, lastActive }) => ({ id, username, lastActive }));
  return { days, months, admins, inactive, generatedAt: now.toISOString() };
}

/** Computed at most once an hour per node (the original computed it once an hour). */
export const USER_STATS_TTL_MS = 60 * 60 * 1000;

/** `GET /admin/userStats`: the same for every staff member who asks, kept by time alone (the route's `keep`). */
export async function userStatsReply(services: Services): Promise<Reply> {
  return ok('admin.userStats.ok', await computeUserStats(services.db), { keepMs: USER_STATS_TTL_MS });
}
