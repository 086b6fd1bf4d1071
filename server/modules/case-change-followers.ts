import { subscribeToCaseChanges } from '@server/core/case-changes';
import { subscribeToEntryVisibility } from '@server/core/entry-visibility';
import { subscribeToAccountChanges } from '@server/core/account-changes';
import { openCountFollowsCases } from './notifications/open-cases';
import { stateChangeWebhooksFollowCases } from './webhooks/queue';
import { suspectDeadlineFollowsCases } from './judgement/suspect-schedule';
import { reportLevelsFollowConfirmations } from './achievements/case-confirmed';
import { caseFeedFollowsCases } from './feed/follower';
import { feedFollowsEntryVisibility } from './stats/withdrawn-lines';
import { feedFollowsAccounts } from './stats/account-lines';
import { noticesFollowAccounts } from './notifications/named-accounts';

/**
 * Every module that follows a case's changes (and its entries' visibility, and accounts' names), in the order they run
 * within the change's transaction.
 */
export function followCaseChanges() {
  subscribeToCaseChanges(openCountFollowsCases, stateChangeWebhooksFollowCases, suspectDeadlineFollowsCases, reportLevelsFollowConfirmations, caseFeedFollowsCases);
  subscribeToEntryVisibility(feedFollowsEntryVisibility);
  subscribeToAccountChanges(feedFollowsAccounts, noticesFollowAccounts);
}
