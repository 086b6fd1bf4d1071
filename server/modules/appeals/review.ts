import { and, eq } from 'drizzle-orm';
import { appealFailureAction, methodsOfLatestVerdicts, PERSONS_TO_REVIEW } from '@shared/judgement';
import { roomOf } from '@shared/socket';
import { players, timeline } from '@server/db/schema';
import type { Services } from '@server/core/services';
import type { AuthedUser } from '@server/core/authed-user';
import { AppError } from '@server/app-error';
import { inTransaction } from '@server/db/outbox';
import { clearAppealNotice } from '@server/modules/notifications/case-notices';
import { caseById } from '@server/modules/cases/queries';
import { presentCase } from '@server/modules/cases/presenter';
import { judgeCase } from '@server/modules/judgement/judge';
import { setAppealState } from '../judgement/appeal-resolution';
import { appealExtraOf, latestAppeal } from '../judgement/appeal-state';
import { verdictMethodsSql } from '../judgement/votes';
import { readScalars } from '@server/db/scalars';
import { recordAdminAction } from '@server/modules/admin/oplog';

/** Viewers kept per appeal: enough to show who looked, bounded. */
const MAX_VIEWERS = 10;

/**
 * Staff open an appeal (`player/viewBanAppeal`): the viewer is recorded, the staff notice is
 * cleared once PERSONS_TO_REVIEW have looked; `lock` freezes the case, `open` unlocks it.
 */
export async function viewAppeal(services: Services, user: AuthedUser, id: number, status?: 'open' | 'lock') {
  return inTransaction(services, async (r) => {
    const find = () => r.tx.select().from(timeline).where(and(eq(timeline.id, id), eq(timeline.type, 'banAppeal')));
    const [seen] = await find();
    if (!seen) throw new AppError('banAppeal.notFound', 'no such appeal');
    // The case first, then the appeal: the order judgements take, so the two never deadlock.
    const c = await caseById(r.tx, seen.playerId, { forUpdate: true });
    const [appeal] = await find().for('update');
    if (!appeal || !c) throw new AppError('banAppeal.notFound', 'no such appeal');
    const viewers = appeal.viewedAdmins ?? [];
    const viewedAdmins = viewers.includes(user.id) ? viewers : [...viewers, user.id].slice(-MAX_VIEWERS);
    let state = appeal.appealStatus ?? 'unprocessed';
    if (status === 'lock' && state === 'unprocessed') state = 'lock';
    if (status === 'open' && state === 'lock') state = 'unprocessed';
    if (viewedAdmins === viewers && state === appeal.appealStatus) return appeal;
    const row = await setAppealState(r, appeal, state as 'unprocessed' | 'lock', { viewedAdmins });
    if (state !== appeal.appealStatus) {
      await recordAdminAction(r.tx, { actorId: user.id, action: 'viewBanAppeal', targetCaseId: c.id, targetEntryId: appeal.id, detail: { from: appeal.appealStatus, to: state } });
      // The case carries the lock too, so its page can say judging is frozen.
      const [updated] = await r.tx.update(players).set({ appealStatus: state }).where(eq(players.id, c.id)).returning();
      await r.emit(roomOf.case(c.id), 'case.updated', { case: presentCase(updated!) });
    }
    if (viewedAdmins.length >= PERSONS_TO_REVIEW) await clearAppealNotice(r, appeal.playerId);
    return row;
  });
}

/** Default reasoning when staff fail an appeal without writing one. */
const FAIL_TEXT = '<p>The appeal was reviewed and not accepted; the earlier verdict stands.</p>';

/**
 * Fails the case's open appeal (`admin/setAppeal`, `viewBanAppeal` with `close`): a judgement that
 * returns the case to the status it had before the appeal, through the same voting path; its action
 * is that status's (`appealFailureAction`), so a suspect stays a suspect without a vote of guilt.
 */
export async function failAppeal(services: Services, user: AuthedUser, playerId: number, content?: string, action: 'setAppeal' | 'viewBanAppeal' = 'setAppeal') {
  const row = await caseById(services.db, playerId);
  if (!row) throw new AppError('setAppeal.notFound', 'no such case');
  const appeal = await latestAppeal(services.db, playerId);
  if (row.status !== 9 || appeal?.appealStatus !== 'unprocessed') throw new AppError('banAppeal.noNeed', 'this case has no open appeal');
  const verdict = appealFailureAction(appealExtraOf(appeal).statusBefore ?? 1);
  // Back to confirmed: the case's methods (kept under appeal), else those of the votes that confirmed it.
  const cheatMethods =
    verdict !== 'guilt' ? null : row.cheatMethods.length ? row.cheatMethods : methodsOfLatestVerdicts((await readScalars(services.db, { sources: verdictMethodsSql(playerId) })).sources);
  return judgeCase(services, user, {
    toPlayerId: playerId,
    action: verdict,
    content: content && content.length >= 5 ? content : FAIL_TEXT,
    cheatMethods,
    hackerLevel: null,
  }, {
    failsAppeal: true,
    also: (r, caseId) => recordAdminAction(r.tx, { actorId: user.id, action, targetCaseId: caseId, targetEntryId: appeal.id, detail: { to: 'fail' } }),
  });
}
