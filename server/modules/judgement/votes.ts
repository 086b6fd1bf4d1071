import { sql } from 'drizzle-orm';
import { confirmingVoters, PERSONS_TO_CONFIRM, type MethodsSource } from '@shared/judgement';
import type { VoteTally } from '@shared/types/cases';
import { timeline, users, type PlayerRow } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';
import { readScalars } from '@server/db/scalars';

/** Enough judgements to see the whole run of confirming votes: it breaks at the first other action. */
const RUN_WINDOW = 50;

/** A judgement as the vote rules read it, with its voter's name for the tally. */
export interface CastVote {
  action: string | null;
  byUserId: number | null;
  username: string | null;
}

/**
 * The case's latest judgements, newest first (hidden ones count too), as one subquery: enough to
 * see the whole run of confirming votes. A judgement reads it with its other checks under the lock.
 */
export const latestJudgementsSql = (playerId: number) => sql<CastVote[]>`
  select coalesce(jsonb_agg(jsonb_build_object('action', j.action, 'byUserId', j.by_user_id, 'username', ${users.username}) order by j.id desc), '[]'::jsonb)
  from (
    select ${timeline.id} as id, ${timeline.judgeAction} as action, ${timeline.byUserId} as by_user_id from ${timeline}
    where ${timeline.playerId} = ${playerId} and ${timeline.type} = 'judgement' order by ${timeline.id} desc limit ${RUN_WINDOW}
  ) j left join ${users} on ${users.id} = j.by_user_id`;

/**
 * The case's latest judgements and reports with their cheat methods, newest first, as one subquery
 * (`methodsOfLatestVerdicts` picks the methods a verdict without a voter's choice carries).
 */
export const verdictMethodsSql = (playerId: number) => sql<MethodsSource[]>`
  select coalesce(jsonb_agg(jsonb_build_object('type', e.type, 'action', e.action, 'methods', e.methods) order by e.id desc), '[]'::jsonb)
  from (
    select ${timeline.id} as id, ${timeline.type} as type, ${timeline.judgeAction} as action, ${timeline.cheatMethods} as methods from ${timeline}
    where ${timeline.playerId} = ${playerId} and ${timeline.type} in ('judgement', 'report') order by ${timeline.id} desc limit ${RUN_WINDOW}
  ) e`;

/**
 * The running tally shown to admins, from the case's judgements newest first: only meaningful while
 * the case waits for votes (status 6).
 */
export function tallyFrom(row: Pick<PlayerRow, 'id' | 'status'>, newestFirst: readonly CastVote[]): VoteTally {
  const ids = row.status === 6 ? confirmingVoters(newestFirst) : [];
  const names = new Map(newestFirst.map((v) => [v.byUserId, v.username]));
  return { playerId: row.id, status: row.status, voters: ids.map((id) => ({ id, username: names.get(id) ?? null })), needed: PERSONS_TO_CONFIRM };
}

/** The running tally of a case as it is now (one read while it waits for votes, none otherwise). */
export async function tallyOf(db: DbOrTx, row: Pick<PlayerRow, 'id' | 'status'>): Promise<VoteTally> {
  const votes = row.status === 6 ? (await readScalars(db, { votes: latestJudgementsSql(row.id) })).votes : [];
  return tallyFrom(row, votes);
}
