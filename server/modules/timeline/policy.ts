import { allOf, exemptStaffOrBot, notMuted, rules } from '@shared/policy';
import type { RateLimitName } from '@server/infra/rate-limits';

/** The per-account comment limit of replies, case updates and appeals; staff and bots write freely, as on the original site. */
export const commentLimit = { name: 'comments' as RateLimitName, exempt: exemptStaffOrBot };

export const timelinePolicy = {
  /** Writing on a timeline: may submit (not locked, bound unless staff/bot), not muted. */
  reply: allOf('reply', rules.canSubmit, notMuted('reply.bad', 400)),
  /** Hiding an entry: signed in here; whose entry it is decides in the service (`mayHideEntry`). */
  hide: rules.signedIn,
};
