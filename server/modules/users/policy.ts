import { allOf, rules } from '@shared/policy';

export const userPolicy = {
  /** Changing one's own settings: not banned, and a person rather than a bot or app token. */
  updateMe: allOf('updateMe', rules.notBanned, rules.interactive),
  changeName: allOf('changeName', rules.notLocked, rules.interactive),
  /** A user's attributes and platform account for staff (admins see the extra user information); e-mail and addresses go by level (`staffView`). */
  infoForAdmin: rules.staff,
};
