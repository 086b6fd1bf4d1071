import { sql } from 'drizzle-orm';
import type { AppealState } from '@shared/judgement';
import { timeline, type TimelineRow } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';
import { rowFromJson } from '@server/db/json-row';
import { readScalars } from '@server/db/scalars';

/** What an appeal entry keeps in `extra`: its type and links, and the status the case had before it. */
export interface AppealExtra {
  appealType: string;
  extendedLinks: Record<string, string>;
  statusBefore: number;
}

export const appealExtraOf = (row: TimelineRow) => (row.extra ?? {}) as unknown as AppealExtra;

/** The case's newest appeal as JSON (`appealFromJson` reads it), as a subquery read with a writer's other checks. */
export const latestAppealSql = (playerId: number) =>
  sql<Record<string, unknown> | null>`select row_to_json(a) from (select * from ${timeline} where ${timeline.playerId} = ${playerId} and ${timeline.type} = 'banAppeal' order by ${timeline.id} desc limit 1) a`;

export const appealFromJson = (json: Record<string, unknown> | null): TimelineRow | null => (json ? rowFromJson(timeline, json) : null);

/** The case's newest appeal. */
export async function latestAppeal(db: DbOrTx, playerId: number): Promise<TimelineRow | null> {
  return appealFromJson((await readScalars(db, { appeal: latestAppealSql(playerId) })).appeal);
}

/** A locked appeal freezes the case: no judgement, no new appeal. As a subquery, read with a writer's other checks. */
export const lockedAppealSql = (playerId: number) =>
  sql<boolean>`select exists (select 1 from ${timeline} where ${timeline.playerId} = ${playerId} and ${timeline.type} = 'banAppeal' and ${timeline.appealStatus} = ${'lock' satisfies AppealState})`;
