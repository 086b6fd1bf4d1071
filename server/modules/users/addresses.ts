import { hasAdminLevel } from '@shared/privileges';

/** The sign-up and sign-in addresses kept in a user's `attr`. */
const ADDRESS_ATTRS = ['registerIP', 'lastSigninIP'] as const;

/** A copy of `attr` without the addresses unless the viewer is root or dev (admin level 3): every staff view goes through here. */
export function attrForStaff<T extends object>(attr: T, viewerPrivileges: readonly string[]): T {
  const copy = { ...attr } as Record<string, unknown>;
  if (!hasAdminLevel(viewerPrivileges, 3)) for (const k of ADDRESS_ATTRS) delete copy[k];
  return copy as T;
}
