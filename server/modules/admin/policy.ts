import { rules } from '@shared/policy';

/** The admin API's levels, as the original named them: A = admin, S = super, R = root, D = dev, B = bot. */
export const adminPolicy = {
  /** A/S/R/D. */
  staff: rules.staff,
  /** S/R/D. */
  superStaff: rules.superStaff,
  /** R/D. */
  rootOrDev: rules.rootOrDev,
  /** R. */
  root: rules.root,
  /** S/R (editorial: the bulletin and the rule announcements; dev is a technical role). */
  superOrRoot: rules.superOrRoot,
  /** D. */
  devOnly: rules.dev,
  /** S/R/D/B. */
  superStaffOrBot: rules.superStaffOrBot,
};
