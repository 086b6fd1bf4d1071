import { and, asc, eq, lte } from 'drizzle-orm';
import { LIMITS } from '@shared/limits';
import { methodsOfLatestVerdicts } from '@shared/judgement';
import { players } from '@server/db/schema';
import type { Services } from '@server/core/services';
import { inTransaction } from '@server/db/outbox';
import { caseById } from '@server/modules/cases/queries';
import { readScalars } from '@server/db/scalars';
import { judgementAudienceSql, noticeJudgement } from '@server/modules/notifications/case-notices';
import { appendEntry } from '@server/modules/timeline/append';
import { deadlineOf } from './suspect-schedule';
import { verdictMethodsSql } from './votes';

/** Marks the automatic entry, so the client can say why in the reader's language. */
const SUSPECT_DEADLINE_REASON = 'suspectDeadline';
const AUTO_TEXT = 'No self-certification arrived within 7 days of the suspect verdict: the case is confirmed automatically.';

/**
 * Confirms one case if it is still in status 2 past its deadline. The row lock and the re-check
 * make it happen once however many runners (jobs, sweeps, nodes) arrive at the same time.
 */
export async function confirmOverdueSuspect(services: Services, playerId: number, now = new Date()): Promise<boolean> {
  return inTransaction(services, async (r) => {
    const row = await caseById(r.tx, playerId, { forUpdate: true });
    if (!row || row.status !== 2 || deadlineOf(row.statusTime) > now) return false;
    // A suspect case holds no methods (a verdict other than confirmed clears them): the confirmation takes its guilt votes'.
    const { sources } = await readScalars(r.tx, { sources: verdictMethodsSql(row.id) });
    const cheatMethods = methodsOfLatestVerdicts(sources);
    const { after } = await appendEntry(services, r, row, {
      type: 'judgement',
      author: null,
      fields: {
        content: `<p>${AUTO_TEXT}</p>`,
        judgeAction: 'kill',
        cheatMethods: cheatMethods.length ? cheatMethods : null,
        extra: { auto: SUSPECT_DEADLINE_REASON },
      },
      caseChanges: { status: 1, cheatMethods },
      stateChange: { auto: SUSPECT_DEADLINE_REASON },
      at: now,
    });
    const { audience } = await readScalars(r.tx, { audience: judgementAudienceSql(after) });
    await noticeJudgement(r, services.i18n, after, 'kill', null, audience);
    return true;
  });
}
const SWEEP_BATCH = 200;

/** Confirms every overdue suspect (after a restart, or if a job was lost); returns how many. */
export async function sweepOverdueSuspects(services: Services, now = new Date()): Promise<number> {
  let confirmed = 0;
  for (;;) {
    const due = await services.db
      .select({ id: players.id })
      .from(players)
      .where(and(eq(players.status, 2), lte(players.statusTime, new Date(now.getTime() - LIMITS.suspectWindowMs))))
      .orderBy(asc(players.statusTime))
      .limit(SWEEP_BATCH);
    let moved = 0;
    for (const { id } of due) if (await confirmOverdueSuspect(services, id, now)) moved++;
    confirmed += moved;
    // Another runner may have taken this batch; stop when a pass changes nothing.
    if (due.length < SWEEP_BATCH || moved === 0) return confirmed;
  }
}
