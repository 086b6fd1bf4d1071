import { allOf, rules } from '@shared/policy';

export const subscriptionPolicy = {
  read: rules.signedIn,
  add: rules.notLocked,
  /** Unfollowing changes the account: not with bot or app tokens. */
  remove: allOf('unfollow', rules.notLocked, rules.interactive),
};
