import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { LIMITS } from '@shared/limits';
import { nameHistory, players, timeline } from '@server/db/schema';
import type { Services } from '@server/core/services';
import { prepared } from '@server/db/prepared';

/** One case as the open-data dump publishes it: the case's public facts, never a member's data. */
export interface PublicCase {
  dbId: number;
  personaId: string;
  userId: string;
  name: string;
  games: string[];
  cheatMethods: string[];
  status: number;
  /** Threat level 1-4 while confirmed, else null. */
  hackerLevel: number | null;
  createTime: string;
  updateTime: string;
  statusTime: string;
  /** How many judgements of each kind the case received (hidden ones not counted). */
  verdicts: Record<string, number>;
  /** The player's earlier names, oldest first. */
  names: { name: string; fromTime: string; toTime: string }[];
}

/** A page of listed cases after `afterId`, by id. */
const casesAfter = prepared((db) =>
  db
    .select({
      id: players.id,
      personaId: players.originPersonaId,
      userId: players.originUserId,
      name: players.originName,
      games: players.games,
      cheatMethods: players.cheatMethods,
      status: players.status,
      hackerLevel: players.hackerLevel,
      createTime: players.createTime,
      updateTime: players.updateTime,
      statusTime: players.statusTime,
    })
    .from(players)
    .where(and(gt(players.id, sql.placeholder('afterId')), eq(players.valid, true)))
    .orderBy(asc(players.id))
    .limit(LIMITS.dumpPage)
    .prepare('dump_cases_after'),
);

/** The counts of each kind of visible judgement of the cases in `ids`. */
const verdictCounts = prepared((db) =>
  db
    .select({ playerId: timeline.playerId, action: timeline.judgeAction, n: sql<number>`count(*)::int` })
    .from(timeline)
    .where(and(sql`${timeline.playerId} = any(${sql.placeholder('ids')}::int[])`, eq(timeline.type, 'judgement'), eq(timeline.valid, true)))
    .groupBy(timeline.playerId, timeline.judgeAction)
    .prepare('dump_verdict_counts'),
);

/** The earlier names of the cases in `ids`, oldest first. */
const earlierNames = prepared((db) =>
  db
    .select({ playerId: nameHistory.playerId, name: nameHistory.originName, fromTime: nameHistory.fromTime, toTime: nameHistory.toTime })
    .from(nameHistory)
    .where(sql`${nameHistory.playerId} = any(${sql.placeholder('ids')}::int[])`)
    .orderBy(asc(nameHistory.playerId), asc(nameHistory.fromTime), asc(nameHistory.id))
    .prepare('dump_earlier_names'),
);

/**
 * One page of listed cases after `afterId`, by id, with their verdict counts and names. The three
 * reads are prepared once: a page's thousand ids go as one array, not a thousand parameters to build.
 */
async function pageAfter(services: Services, afterId: number): Promise<PublicCase[]> {
  const { db } = services;
  const cases = await casesAfter(db).execute({ afterId });
  if (!cases.length) return [];
  const ids = cases.map((c) => c.id);
  const [verdicts, names] = await Promise.all([verdictCounts(db).execute({ ids }), earlierNames(db).execute({ ids })]);
  const verdictsOf = new Map<number, Record<string, number>>();
  for (const v of verdicts) {
    const counts = verdictsOf.get(v.playerId) ?? {};
    counts[v.action ?? 'unknown'] = Number(v.n);
    verdictsOf.set(v.playerId, counts);
  }
  const namesOf = new Map<number, PublicCase['names']>();
  for (const n of names) {
    const list = namesOf.get(n.playerId) ?? [];
    list.push({ name: n.name, fromTime: n.fromTime.toISOString(), toTime: n.toTime.toISOString() });
    namesOf.set(n.playerId, list);
  }
  return cases.map((c) => ({
    dbId: c.id,
    personaId: c.personaId,
    userId: c.userId,
    name: c.name,
    games: c.games,
    cheatMethods: c.cheatMethods,
    status: c.status,
    hackerLevel: c.status === 1 ? c.hackerLevel : null,
    createTime: c.createTime.toISOString(),
    updateTime: c.updateTime.toISOString(),
    statusTime: c.statusTime.toISOString(),
    verdicts: verdictsOf.get(c.id) ?? {},
    names: namesOf.get(c.id) ?? [],
  }));
}

/** Every listed case, a page at a time (one statement each, no transaction held open). */
export async function* publicCases(services: Services): AsyncGenerator<PublicCase[]> {
  let afterId = 0;
  for (;;) {
    const page = await pageAfter(services, afterId);
    if (page.length) yield page;
    if (page.length < LIMITS.dumpPage) return;
    afterId = page[page.length - 1]!.dbId;
  }
}
