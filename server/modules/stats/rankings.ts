import { and, asc, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { ActiveStatisticalQuery } from '@shared/schemas/stats';
import type { TimelineSubject } from '@shared/timeline';
import { timeline, users } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';
import { windowStart } from './windows';

const RANKING_SIZE = 10;
/** Rows ranked before muted users are dropped (muting is rare; a mute date is only readable in JS). */
const CANDIDATES = 100;

/** Community participation: what each kind of entry is worth. Appeals are for oneself, so 0. */
const COMMUNITY_WEIGHTS: Partial<Record<TimelineSubject, number>> = { reply: 1, report: 2, judgement: 1, banAppeal: 0 };

const isMuted = (mute: string | null) => !!mute && new Date(mute).getTime() > Date.now();

/**
 * Users ranked by a score over their visible entries written inside the window: valid users only,
 * never blacklisted or muted ones, bots only when asked for.
 */
async function rankUsers(db: DbOrTx, q: Pick<ActiveStatisticalQuery, 'time' | 'isBot'>, weights: Partial<Record<TimelineSubject, number>>) {
  const types = Object.entries(weights)
    .filter(([, w]) => w! > 0)
    .map(([t]) => t as TimelineSubject);
  const cases = types.map((t) => sql`WHEN ${t} THEN ${sql.raw(String(weights[t]))}`);
  const score = sql<number>`sum(CASE ${timeline.type} ${sql.join(cases, sql` `)} ELSE 0 END)::int`;
  const conds: SQL[] = [
    gte(timeline.createTime, windowStart(q.time)),
    eq(timeline.valid, true),
    inArray(timeline.type, types),
    eq(users.valid, true),
    sql`NOT (${users.privileges} ? 'blacklisted')`,
  ];
  if (!q.isBot) conds.push(sql`NOT (${users.privileges} ? 'bot')`);
  const rows = await db
    .select({ id: users.id, username: users.username, mute: sql<string | null>`${users.attr}->>'mute'`, total: score })
    .from(timeline)
    .innerJoin(users, eq(users.id, timeline.byUserId))
    .where(and(...conds))
    .groupBy(users.id)
    .orderBy(desc(score), asc(users.id))
    .limit(CANDIDATES);
  return rows
    .filter((r) => !isMuted(r.mute))
    .slice(0, RANKING_SIZE)
    .map((r) => ({ id: r.id, username: r.username, total: Number(r.total) }));
}

/**
 * The rankings of the statistics page (reference §8 `/activeStatistical`), each top 10 in the window.
 * `achievement` stays empty until achievements exist: there are no points to rank yet.
 */
export async function activeRankings(db: DbOrTx, q: Pick<ActiveStatisticalQuery, 'time' | 'isBot'>) {
  const [community, report] = await Promise.all([rankUsers(db, q, COMMUNITY_WEIGHTS), rankUsers(db, q, { report: 1 })]);
  const achievement: Array<{ id: number; username: string; points: number; userAchievements: unknown[] }> = [];
  return { community, report, achievement };
}

/** Only the rankings asked for (the others are empty lists); asking for none means all. */
export function pickRankings<T extends Record<'community' | 'report' | 'achievement', unknown[]>>(all: T, q: Pick<ActiveStatisticalQuery, 'community' | 'report' | 'achievement'>): T {
  const every = !q.community && !q.report && !q.achievement;
  return {
    ...all,
    community: every || q.community ? all.community : [],
    report: every || q.report ? all.report : [],
    achievement: every || q.achievement ? all.achievement : [],
  };
}
