import { allOf, rules } from '@shared/policy';

export const applicationsPolicy = {
  /** Registering and keeping an application, its keys and its usage: a person at the site (not a bot, an app or a key), not banned or frozen. */
  owner: allOf('applicationOwner', rules.notLocked, rules.interactive),
  /** Reviewing applications and reading their usage: staff (admin level 1 and up). */
  review: rules.staff,
};
