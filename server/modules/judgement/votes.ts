import { and, desc, eq, inArray } from 'drizzle-orm';
import { confirmingVoters, PERSONS_TO_CONFIRM } from '@shared/judgement';
import type { VoteTally } from '@shared/types/cases';
import { timeline, users, type PlayerRow } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';

/** Enough judgements to see the whole run of confirming votes: it breaks at the first other action. */
const RUN_WINDOW = 50;

/** The case's latest judgements, newest first: enough to see the whole run of confirming votes (hidden ones count too). */
export const judgementsNewestFirst = (db: DbOrTx, playerId: number) =>
  db
    .select({ action: timeline.judgeAction, byUserId: timeline.byUserId })
    .from(timeline)
    .where(and(eq(timeline.playerId, playerId), eq(timeline.type, 'judgement')))
    .orderBy(desc(timeline.id))
    .limit(RUN_WINDOW);

/** The admins whose consecutive guilt/kill votes lead the case's judgements, newest first. */
async function confirmingVotersOf(db: DbOrTx, playerId: number): Promise<number[]> {
  return confirmingVoters(await judgementsNewestFirst(db, playerId));
}

/** The running tally shown to admins: only meaningful while the case waits for votes (status 6). */
export async function tallyOf(db: DbOrTx, row: Pick<PlayerRow, 'id' | 'status'>): Promise<VoteTally> {
  const ids = row.status === 6 ? await confirmingVotersOf(db, row.id) : [];
  const names = ids.length ? await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, ids)) : [];
  const byId = new Map(names.map((n) => [n.id, n.username]));
  return { playerId: row.id, status: row.status, voters: ids.map((id) => ({ id, username: byId.get(id) ?? null })), needed: PERSONS_TO_CONFIRM };
}
