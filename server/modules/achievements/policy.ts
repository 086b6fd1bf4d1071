import { allOf, rules } from '@shared/policy';

export const achievementPolicy = {
  /** Claiming: not banned or frozen, and a person (the phone app included), not a bot or third-party app token. */
  claim: allOf('claimAchievement', rules.notLocked, rules.interactive),
  /** Granting and removing by hand: super, root, dev, as on the original site. */
  admin: rules.superStaff,
};
