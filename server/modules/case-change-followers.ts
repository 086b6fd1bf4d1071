import { subscribeToCaseChanges } from '@server/core/case-changes';
import { openCountFollowsCases } from './notifications/open-cases';
import { stateChangeWebhooksFollowCases } from './webhooks/queue';
import { suspectDeadlineFollowsCases } from './judgement/suspect-schedule';
import { reportLevelsFollowConfirmations } from './achievements/case-confirmed';
import { caseFeedFollowsCases } from './feed/follower';

/** Every module that follows a case's changes, in the order they run within the change's transaction. */
export function followCaseChanges() {
  subscribeToCaseChanges(openCountFollowsCases, stateChangeWebhooksFollowCases, suspectDeadlineFollowsCases, reportLevelsFollowConfirmations, caseFeedFollowsCases);
}
