import { sql } from 'drizzle-orm';
import type { AppealState } from '@shared/judgement';
import { timeline, type TimelineRow } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';
import { rowFromJson } from '@server/db/json-row';
import { readScalars } from '@server/db/scalars';

/**
 * What an appeal entry keeps in `extra`: its type and links, and the status the case had before it
 * with that status's start (ISO; absent on appeals filed before it was kept).
 */
export interface AppealExtra {
  appealType: string;
  extendedLinks: Record<string, string>;
  statusBefore: number;
  statusTimeBefore?: string;
}

export const appealExtraOf = (row: TimelineRow) => (row.extra ?? {}) as unknown as AppealExtra;

/**
 * When the status a failed appeal returns to began: the 7 days of a suspect run from the verdict,
 * not from the appeal's end, so appealing again and again cannot postpone them. An appeal filed
 * before the start was kept answers its own filing time, the latest that status can have begun.
 */
export const statusTimeBeforeOf = (appeal: TimelineRow) => {
  const kept = appealExtraOf(appeal).statusTimeBefore;
  return kept ? new Date(kept) : appeal.createTime;
};

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
