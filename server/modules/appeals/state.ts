import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppealState } from '@shared/judgement';
import { timeline, type TimelineRow } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';

/** What an appeal entry keeps in `extra`: its type and links, and the status the case had before it. */
export interface AppealExtra {
  appealType: string;
  extendedLinks: Record<string, string>;
  statusBefore: number;
}

export const appealExtraOf = (row: TimelineRow) => (row.extra ?? {}) as unknown as AppealExtra;

/** The case's newest appeal. */
export async function latestAppeal(db: DbOrTx, playerId: number): Promise<TimelineRow | null> {
  const [row] = await db
    .select()
    .from(timeline)
    .where(and(eq(timeline.playerId, playerId), eq(timeline.type, 'banAppeal')))
    .orderBy(desc(timeline.id))
    .limit(1);
  return row ?? null;
}

/** A locked appeal freezes the case: no judgement, no new appeal (reference §4). */
export async function hasLockedAppeal(db: DbOrTx, playerId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(timeline)
    .where(and(eq(timeline.playerId, playerId), eq(timeline.type, 'banAppeal'), eq(timeline.appealStatus, 'lock' satisfies AppealState)))
    .limit(1);
  return !!row;
}
