import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { roomOf } from '@shared/socket';
import { LIMITS } from '@shared/limits';
import { players, timeline, type PlayerRow } from '@server/db/schema';
import type { Services } from '@server/services';
import { inTransaction } from '@server/realtime/outbox';
import { caseById } from '@server/modules/cases/queries';
import { presentCase } from '@server/modules/cases/presenter';
import { presentEntries } from '@server/modules/timeline/queries';
import { activityOf } from '@server/modules/timeline/activity';
import { noticeJudgement } from '@server/modules/notifications/case-notices';
import { queueWebhookEvent } from '@server/modules/webhooks/queue';
import { caseSnapshot } from '@server/modules/timeline/snapshot';

/** Marks the automatic entry, so the client can say why in the reader's language. */
export const SUSPECT_DEADLINE_REASON = 'suspectDeadline';
const AUTO_TEXT = 'No self-certification arrived within 7 days of the suspect verdict: the case is confirmed automatically.';

export const deadlineOf = (statusTime: Date) => new Date(statusTime.getTime() + LIMITS.suspectWindowMs);

/**
 * Queues the case's deadline. The deadline itself is `status_time` in the database: the job id
 * names that moment, so a case suspected again gets a new job, and the sweep catches any job lost.
 */
export async function scheduleSuspectDeadline(services: Services, row: Pick<PlayerRow, 'id' | 'statusTime'>) {
  const delayMs = Math.max(0, deadlineOf(row.statusTime).getTime() - Date.now());
  await services.jobs.enqueue('case.suspectDeadline', { playerId: row.id }, { delayMs, jobId: `${row.id}-${row.statusTime.getTime()}` });
}

/**
 * Confirms one case if it is still in status 2 past its deadline. The row lock and the re-check
 * make it happen once however many runners (jobs, sweeps, nodes) arrive at the same time.
 */
export async function confirmOverdueSuspect(services: Services, playerId: number, now = new Date()): Promise<boolean> {
  return inTransaction(services.db, services.publish, async (r) => {
    const { tx, emit } = r;
    const row = await caseById(tx, playerId, { forUpdate: true });
    if (!row || row.status !== 2 || deadlineOf(row.statusTime) > now) return false;
    const [entry] = await tx
      .insert(timeline)
      .values({
        type: 'judgement',
        ...caseSnapshot(row),
        byUserId: null,
        content: `<p>${AUTO_TEXT}</p>`,
        judgeAction: 'kill',
        cheatMethods: row.cheatMethods.length ? row.cheatMethods : null,
        extra: { auto: SUSPECT_DEADLINE_REASON },
        createTime: now,
      })
      .returning();
    const [updated] = await tx
      .update(players)
      .set({ status: 1, statusTime: now, commentsNum: sql`${players.commentsNum} + 1`, updateTime: now })
      .where(eq(players.id, row.id))
      .returning();
    const room = roomOf.case(row.id);
    const [presented] = await presentEntries(tx, [entry!]);
    await emit(room, 'timeline.added', { entry: presented! });
    const record = presentCase(updated!);
    await emit(room, 'case.updated', { case: record });
    await emit(roomOf.all, 'activity', { item: activityOf('judgement', entry!, null, record) });
    await noticeJudgement(r, services.i18n, updated!, 'kill', null);
    await queueWebhookEvent(r, services.jobs, 'stateChange', { case: record, from: 2, to: 1, auto: SUSPECT_DEADLINE_REASON });
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
