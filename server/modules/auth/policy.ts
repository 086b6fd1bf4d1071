import { rules } from '@shared/policy';

export const accountPolicy = {
  /** Binding a platform account: frozen legacy accounts must be able to (that lifts the freeze); banned ones not. */
  bind: rules.notBanned,
  /** Banned accounts may still change their password (reference §3.3); bot and app tokens never. */
  changePassword: rules.interactive,
};
