import { exemptStaffOrBot, refusedAs, rules } from '@shared/policy';
import type { RateLimitName } from '@server/infra/rate-limits';

export const filePolicy = {
  upload: refusedAs(rules.notLocked, 'user.permissionDenied'),
  uploadLimit: { name: 'uploads' as RateLimitName, exempt: exemptStaffOrBot },
};
