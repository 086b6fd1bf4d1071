import { sql } from 'drizzle-orm';
import { ACTION_TARGET, appealOutcomeOf, confirmingVoters, hackerLevelAfter, mayUseAction, PERSONS_TO_CONFIRM, statusAfterJudgement, type AppealOutcome } from '@shared/judgement';
import { LIMITS } from '@shared/limits';
import { plainText } from '@shared/spam';
import type { JudgementInput } from '@shared/schemas/judgement';
import type { PlayerRow, TimelineRow } from '@server/db/schema';
import type { Services } from '@server/core/services';
import type { AuthedUser } from '@server/core/authed-user';
import { AppError } from '@server/app-error';
import { sanitizeRichText } from '@server/http/sanitize';
import type { Recorder } from '@server/db/outbox';
import { inSharedTransaction } from '@server/db/shared-transaction';
import { caseById } from '@server/modules/cases/queries';
import { readScalars } from '@server/db/scalars';
import { assertNotDuplicate, assertNotSpam, previousEntrySql } from '@server/modules/timeline/spam';
import { authorBadgesSql } from '@server/modules/timeline/queries';
import { appendEntry } from '@server/modules/timeline/append';
import { judgementAudienceSql, noticeAppealOutcome, noticeJudgement } from '@server/modules/notifications/case-notices';
import { appealExtraOf, appealFromJson, latestAppealSql, lockedAppealSql, statusTimeBeforeOf } from '@server/modules/judgement/appeal-state';
import { setAppealState } from '@server/modules/judgement/appeal-resolution';
import { latestJudgementsSql, tallyFrom, type CastVote } from './votes';

interface Verdict {
  status: number;
  appeal: TimelineRow | null;
  outcome: AppealOutcome;
}

/**
 * Under appeal (status 9) the judgement decides the case's latest appeal, not a vote: lenient ones accept it, guilt and kill fail it;
 * `fails` (staff failing the appeal, whose judgement is the action of the status it returns to) fails it whatever the action.
 */
function appealVerdictOf(appeal: TimelineRow | null, action: JudgementInput['action'], fails = false): Verdict {
  const outcome = appeal && appeal.appealStatus === 'unprocessed' ? (fails ? 'fail' : appealOutcomeOf(action)) : null;
  if (outcome === 'fail') return { status: appealExtraOf(appeal!).statusBefore ?? 1, appeal, outcome };
  if (outcome === 'accept') return { status: ACTION_TARGET[action], appeal, outcome };
  return { status: 9, appeal: null, outcome: null };
}

/** The transition table; the new vote counts first in the run of guilt/kill votes it extends. */
function voteVerdictOf(row: PlayerRow, action: JudgementInput['action'], withVote: readonly CastVote[]): Verdict {
  const confirmed = row.status === 6 && action === 'guilt' && confirmingVoters(withVote).length >= PERSONS_TO_CONFIRM;
  return { status: statusAfterJudgement(row.status, action, confirmed), appeal: null, outcome: null };
}

/**
 * An admin's judgement (transitions in shared/judgement.ts): stored, counted and applied in one transaction with
 * the case row locked, so simultaneous votes end as some serial order of them would. Votes on one
 * case that arrive while another is being written share the next transaction (`inSharedTransaction`),
 * each in a savepoint of its own: a vote refused by its checks is rolled back alone.
 */
export async function judgeCase(
  services: Services,
  user: AuthedUser,
  input: JudgementInput,
  opts: { /** Fails the open appeal (refused when there is none). */ failsAppeal?: boolean; /** More writes of the same transaction (e.g. the admin log of `setAppeal`). */ also?: (r: Recorder, caseId: number) => Promise<void> } = {},
) {
  if (!mayUseAction(user.privileges, input.action)) {
    throw new AppError('judgement.permissionDenied', input.action === 'kill' ? 'only super admins and root may confirm directly' : 'only admins may judge');
  }
  const content = sanitizeRichText(input.content);
  if (plainText(content).trim().length < LIMITS.judgementMin) throw new AppError('judgement.bad', `write at least ${LIMITS.judgementMin} characters of reasoning`);
  assertNotSpam(content, 'judgement.spam');

  const { before, after } = await inSharedTransaction(services, `case:${input.toPlayerId}`, async (r) => {
    const row = await caseById(r.tx, input.toPlayerId, { forUpdate: true });
    if (!row) throw new AppError('judgement.notFound', 'no such case');
    const checks = await readScalars(r.tx, {
      lockedAppeal: lockedAppealSql(row.id),
      previous: previousEntrySql(row.id, user.id, 'judgement'),
      achievements: authorBadgesSql(user.id),
      judgements: latestJudgementsSql(row.id),
      audience: judgementAudienceSql(row),
      // Only a case under appeal needs it.
      appeal: row.status === 9 ? latestAppealSql(row.id) : sql<null>`select null::json`,
    });
    if (checks.lockedAppeal) throw new AppError('judgement.appealLock', 'an appeal on this case is locked');
    // Failing an appeal is checked again here, under the lock: two staff failing it at once write one verdict.
    if (opts.failsAppeal && row.status !== 9) throw new AppError('banAppeal.noNeed', 'this case has no open appeal');
    assertNotDuplicate(checks.previous, content, 'judgement.bad');
    // The vote is counted with itself: the verdict of a run of guilt votes, and the tally, include this one.
    const withVote: CastVote[] = [{ action: input.action, byUserId: user.id, username: user.row.username }, ...checks.judgements];
    const underAppeal = row.status === 9 ? appealVerdictOf(appealFromJson(checks.appeal), input.action, opts.failsAppeal) : null;
    const verdict = underAppeal ?? voteVerdictOf(row, input.action, withVote);
    const { status, appeal, outcome } = verdict;
    const appended = await appendEntry(services, r, row, {
      type: 'judgement',
      author: { ...user.row, achievements: checks.achievements },
      fields: {
        content,
        judgeAction: input.action,
        cheatMethods: input.cheatMethods,
        hackerLevel: input.hackerLevel,
        extra: outcome ? { appealOutcome: outcome } : null,
      },
      caseChanges: {
        status,
        cheatMethods: status === 1 ? (input.cheatMethods ?? row.cheatMethods) : status === 9 ? row.cheatMethods : [],
        hackerLevel: status === 9 ? row.hackerLevel : hackerLevelAfter(status, input.hackerLevel, row.hackerLevel),
        ...(outcome ? { appealStatus: outcome } : {}),
        // Back where it was before the appeal: that status keeps its start (the suspect's 7 days run on).
        ...(appeal && outcome === 'fail' ? { statusTime: statusTimeBeforeOf(appeal) } : {}),
      },
      tally: tallyFrom({ id: row.id, status }, withVote),
      stateChange: { action: input.action, by: { id: user.id, username: user.row.username }, ...(outcome ? { appeal: outcome } : {}) },
    });
    if (appeal && outcome) await setAppealState(r, appeal, outcome);
    await noticeJudgement(r, services.i18n, appended.after, input.action, user.id, checks.audience);
    if (appeal && outcome) await noticeAppealOutcome(r, services.i18n, appended.after, appeal, outcome, user.id, checks.audience);
    if (opts.also) await opts.also(r, row.id);
    return appended;
  });
  const updateTime = after.updateTime.toISOString();
  return { nextstate: after.status, laterStatus: after.status, previousStatus: before.status, updateTime };
}
