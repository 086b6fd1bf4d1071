import { exemptStaff, rules } from '@shared/policy';
import type { RateLimitName } from '@server/infra/rate-limits';

export const searchPolicy = {
  /** Asking the platform directory: accounts that are not locked, one search per 15 s unless staff. */
  advance: rules.notLocked,
  advanceLimit: { name: 'advanceSearch' as RateLimitName, exempt: exemptStaff },
};
