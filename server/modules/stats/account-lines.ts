import { roomOf } from '@shared/socket';
import type { AccountChangeSubscriber, AccountShown } from '@server/core/account-changes';
import type { Recorder } from '@server/db/outbox';
import { withdrawStoredActivity } from '@server/db/stored-events';
import { registrationActivity } from '@server/modules/timeline/activity';

/**
 * The activity feed follows an account as `GET /activities` reads it: a hidden or anonymised
 * account's registration line leaves open feeds and replays (as a hidden entry's does,
 * ./withdrawn-lines.ts), one shown again is told again, and a new name reaches every line that
 * names the account (`activity.renamed`, which a replay meets after the lines it renames).
 */
export const feedFollowsAccounts: AccountChangeSubscriber = async ({ r, before, after }) => {
  if (before.valid && !after.valid) await withdrawRegistration(r, after);
  if (before.username !== after.username) await r.emit(roomOf.all, 'activity.renamed', { userId: after.id, username: after.username, privilege: after.privileges });
  if (!before.valid && after.valid) await r.emit(roomOf.all, 'activity', { item: registrationActivity(after) });
};

async function withdrawRegistration(r: Recorder, account: AccountShown) {
  const lines = [{ type: 'register' as const, id: account.id }];
  await withdrawStoredActivity(r.tx, lines);
  await r.emit(roomOf.all, 'activity.withdrawn', { lines });
}
