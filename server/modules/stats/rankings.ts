import { and, asc, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { ActiveStatisticalQuery } from '@shared/schemas/stats';
import type { TimelineSubject } from '@shared/timeline';
import { ACHIEVEMENTS } from '@shared/achievements';
import { timeline, userAchievements, users } from '@server/db/schema';
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

/** The community participation ranking of a window: the statistics page's, and the community achievements'. */
export const communityRanking = (db: DbOrTx, time: ActiveStatisticalQuery['time'], isBot: boolean) => rankUsers(db, { time, isBot }, COMMUNITY_WEIGHTS);

/** Points of each achievement id, as SQL (ids are the catalogue's, never user input). */
const POINTS_SQL = sql.raw(`CASE "user_achievements"."achievement_id" ${ACHIEVEMENTS.map((a) => `WHEN '${a.id}' THEN ${a.points}`).join(' ')} ELSE 0 END`);

/**
 * Users ranked by the achievement points they earned inside the window (with those achievements'
 * ids): valid users who show their achievements, never blacklisted ones, bots only when asked for.
 */
export async function achievementRanking(db: DbOrTx, time: ActiveStatisticalQuery['time'], isBot: boolean) {
  const points = sql<number>`sum(${POINTS_SQL})::float8`;
  const conds: SQL[] = [
    gte(userAchievements.acquiredTime, windowStart(time)),
    eq(users.valid, true),
    sql`NOT (${users.privileges} ? 'blacklisted')`,
    sql`coalesce(${users.attr}->>'showAchievement', 'true') <> 'false'`,
  ];
  if (!isBot) conds.push(sql`NOT (${users.privileges} ? 'bot')`);
  const rows = await db
    .select({ id: users.id, username: users.username, points, ids: sql<string[]>`array_agg(${userAchievements.achievementId} order by ${userAchievements.acquiredTime})` })
    .from(userAchievements)
    .innerJoin(users, eq(users.id, userAchievements.userId))
    .where(and(...conds))
    .groupBy(users.id)
    .orderBy(desc(points), asc(users.id))
    .limit(RANKING_SIZE);
  return rows.map((r) => ({ id: r.id, username: r.username, points: Math.round(Number(r.points) * 10) / 10, userAchievements: r.ids }));
}

type RankingPicks = Pick<ActiveStatisticalQuery, 'community' | 'report' | 'achievement'>;

/** The rankings a query asks for: asking for none means all. */
export const pickedRankings = (q: RankingPicks) => {
  const every = !q.community && !q.report && !q.achievement;
  return { community: every || !!q.community, report: every || !!q.report, achievement: every || !!q.achievement };
};

/**
 * The rankings of the statistics page (`GET /activeStatistical`), each top 10 in the window: only
 * those asked for are read (the others are empty lists).
 */
export async function activeRankings(db: DbOrTx, q: Pick<ActiveStatisticalQuery, 'time' | 'isBot'> & RankingPicks) {
  const picked = pickedRankings(q);
  const [community, report, achievement] = await Promise.all([
    picked.community ? communityRanking(db, q.time, q.isBot) : [],
    picked.report ? rankUsers(db, q, { report: 1 }) : [],
    picked.achievement ? achievementRanking(db, q.time, q.isBot) : [],
  ]);
  return { community, report, achievement };
}
