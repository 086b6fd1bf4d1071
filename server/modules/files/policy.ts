import { exemptStaffOrBot, refusedAs, rules } from '@shared/policy';
import { userPolicy } from '@server/modules/users/policy';
import type { RateLimitName } from '@server/infra/rate-limits';

export const filePolicy = {
  upload: refusedAs(rules.notLocked, 'user.permissionDenied'),
  uploadLimit: { name: 'uploads' as RateLimitName, exempt: exemptStaffOrBot },
  /** The media library and quota of the signed-in account. */
  own: rules.signedIn,
  /** Deleting: the owner (checked on the file) or super/root/dev, never a banned or frozen account. */
  remove: refusedAs(rules.notLocked, 'user.permissionDenied'),
  /** Every file of the site: root and dev. */
  all: rules.rootOrDev,
  /** Choosing an avatar: like changing one's settings (not banned, a person rather than a bot or app token). */
  avatar: userPolicy.updateMe,
  /** Big-file chunks: the secret upload URL is the capability, as in the upload sessions clients know. */
  session: rules.anyone,
};
