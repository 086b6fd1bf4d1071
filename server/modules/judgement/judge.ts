import { eq, sql } from 'drizzle-orm';
import { roomOf } from '@shared/socket';
import { ACTION_TARGET, appealOutcomeOf, hackerLevelAfter, mayUseAction, PERSONS_TO_CONFIRM, statusAfterJudgement, type AppealOutcome } from '@shared/judgement';
import { LIMITS } from '@shared/limits';
import { plainText } from '@shared/spam';
import type { JudgementInput } from '@shared/schemas/judgement';
import { players, timeline, type PlayerRow, type TimelineRow } from '@server/db/schema';
import type { Services } from '@server/services';
import type { AuthedUser } from '@server/http/auth';
import { AppError } from '@server/http/errors';
import { sanitizeRichText } from '@server/http/sanitize';
import { inTransaction, type Recorder } from '@server/realtime/outbox';
import { caseById } from '@server/modules/cases/queries';
import { presentCase } from '@server/modules/cases/presenter';
import { presentEntries } from '@server/modules/timeline/queries';
import { assertNotDuplicate, assertNotSpam } from '@server/modules/timeline/spam';
import { activityOf } from '@server/modules/timeline/activity';
import { noticeAppealOutcome, noticeJudgement } from '@server/modules/notifications/case-notices';
import { emitOpenCaseCount, movesOpenCount } from '@server/modules/notifications/open-cases';
import { queueWebhookEvent } from '@server/modules/webhooks/queue';
import { appealExtraOf, hasLockedAppeal, latestAppeal } from '@server/modules/appeals/state';
import { setAppealState } from '@server/modules/appeals/resolve';
import { confirmingVotersOf, tallyOf } from './votes';
import { scheduleSuspectDeadline } from './suspect-deadline';
import { caseSnapshot } from '@server/modules/timeline/snapshot';

interface Verdict {
  status: number;
  appeal: TimelineRow | null;
  outcome: AppealOutcome;
}

/** Under appeal (status 9) the judgement decides the appeal, not a vote (DESIGN §6). */
async function appealVerdictOf(r: Recorder, row: PlayerRow, action: JudgementInput['action']): Promise<Verdict> {
  const appeal = await latestAppeal(r.tx, row.id);
  const outcome = appeal && appeal.appealStatus === 'unprocessed' ? appealOutcomeOf(action) : null;
  if (outcome === 'fail') return { status: appealExtraOf(appeal!).statusBefore ?? 1, appeal, outcome };
  if (outcome === 'accept') return { status: ACTION_TARGET[action], appeal, outcome };
  return { status: 9, appeal: null, outcome: null };
}

/** The transition table; the new vote is already stored, so it counts in the run it extends. */
async function voteVerdictOf(r: Recorder, row: PlayerRow, action: JudgementInput['action']): Promise<Verdict> {
  const confirmed = row.status === 6 && action === 'guilt' && (await confirmingVotersOf(r.tx, row.id)).length >= PERSONS_TO_CONFIRM;
  return { status: statusAfterJudgement(row.status, action, confirmed), appeal: null, outcome: null };
}

/**
 * An admin's judgement (reference §3.2, §4): stored, counted and applied in one transaction with
 * the case row locked, so simultaneous votes end as some serial order of them would.
 */
export async function judgeCase(services: Services, user: AuthedUser, input: JudgementInput, opts: { onlyUnderAppeal?: boolean } = {}) {
  if (!mayUseAction(user.privileges, input.action)) {
    throw new AppError('judgement.permissionDenied', input.action === 'kill' ? 'only super admins and root may confirm directly' : 'only admins may judge');
  }
  const content = sanitizeRichText(input.content);
  if (plainText(content).trim().length < LIMITS.judgementMin) throw new AppError('judgement.bad', `write at least ${LIMITS.judgementMin} characters of reasoning`);
  assertNotSpam(content, 'judgement.spam');

  const done = await inTransaction(services.db, services.publish, async (r) => {
    const { tx, emit } = r;
    const row = await caseById(tx, input.toPlayerId, { forUpdate: true });
    if (!row) throw new AppError('judgement.notFound', 'no such case');
    if (await hasLockedAppeal(tx, row.id)) throw new AppError('judgement.appealLock', 'an appeal on this case is locked');
    // Failing an appeal is checked again here, under the lock: two staff failing it at once write one verdict.
    if (opts.onlyUnderAppeal && row.status !== 9) throw new AppError('banAppeal.noNeed', 'this case has no open appeal');
    await assertNotDuplicate(tx, row.id, user.id, 'judgement', content, 'judgement.bad');
    const at = new Date();
    const underAppeal = row.status === 9 ? await appealVerdictOf(r, row, input.action) : null;
    const [entry] = await tx
      .insert(timeline)
      .values({
        type: 'judgement',
        ...caseSnapshot(row),
        byUserId: user.id,
        content,
        judgeAction: input.action,
        cheatMethods: input.cheatMethods,
        hackerLevel: input.hackerLevel,
        extra: underAppeal?.outcome ? { appealOutcome: underAppeal.outcome } : null,
        createTime: at,
      })
      .returning();
    const { status, appeal, outcome } = underAppeal ?? (await voteVerdictOf(r, row, input.action));
    const [updated] = await tx
      .update(players)
      .set({
        status,
        statusTime: status !== row.status ? at : row.statusTime,
        cheatMethods: status === 1 ? (input.cheatMethods ?? row.cheatMethods) : status === 9 ? row.cheatMethods : [],
        hackerLevel: status === 9 ? row.hackerLevel : hackerLevelAfter(status, input.hackerLevel, row.hackerLevel),
        commentsNum: sql`${players.commentsNum} + 1`,
        updateTime: at,
        ...(outcome ? { appealStatus: outcome } : {}),
      })
      .where(eq(players.id, row.id))
      .returning();
    const room = roomOf.case(row.id);
    const [presented] = await presentEntries(tx, [entry!]);
    await emit(room, 'timeline.added', { entry: presented! });
    if (appeal && outcome) await setAppealState(r, appeal, outcome);
    const record = presentCase(updated!);
    await emit(room, 'case.updated', { case: record });
    await emit(room, 'case.votes', await tallyOf(tx, updated!));
    await emit(roomOf.all, 'activity', { item: activityOf('judgement', entry!, user.row, record) });
    if (movesOpenCount(row.status, status)) await emitOpenCaseCount(r);
    if (status !== row.status) {
      await queueWebhookEvent(r, services.jobs, 'stateChange', { case: record, from: row.status, to: status, action: input.action, by: { id: user.id, username: user.row.username }, ...(outcome ? { appeal: outcome } : {}) });
    }
    await noticeJudgement(r, services.i18n, updated!, input.action, user.id);
    if (appeal && outcome) await noticeAppealOutcome(r, services.i18n, updated!, appeal, outcome, user.id);
    return { before: row, after: updated! };
  });
  if (done.after.status === 2 && done.before.status !== 2) await scheduleSuspectDeadline(services, done.after);
  const updateTime = done.after.updateTime.toISOString();
  return { nextstate: done.after.status, laterStatus: done.after.status, previousStatus: done.before.status, updateTime };
}
