import { allOf, notMuted, refusedAs, rules } from '@shared/policy';

export const appealPolicy = {
  /** Filing: may submit and is not muted; whose case it is decides in the service (owner or super/root/dev). */
  file: allOf('fileAppeal', rules.canSubmit, notMuted('banAppeal.muted')),
  /** Reviewing and resolving: the judges. */
  review: refusedAs(rules.judge, 'user.permissionDenied'),
};
