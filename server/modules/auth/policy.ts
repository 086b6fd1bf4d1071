import { rules } from '@shared/policy';

export const accountPolicy = {
  /** Binding a platform account: frozen legacy accounts must be able to (that lifts the freeze); banned ones not. */
  bind: rules.notBanned,
  /** Banned accounts may still change their password (as on the original site); bot and app tokens never. */
  changePassword: rules.interactive,
};
