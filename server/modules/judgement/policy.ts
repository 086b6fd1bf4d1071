import { refusedAs, rules } from '@shared/policy';

export const judgementPolicy = {
  /** Admin, super, root; which action (kill: super/root) is checked with the body (`mayUseAction`). */
  judge: refusedAs(rules.judge, 'judgement.permissionDenied'),
  log: rules.staff,
};
