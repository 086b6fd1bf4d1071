import { staffSees } from '@shared/policy';

/** The sign-up and sign-in addresses kept in a user's `attr`. */
const ADDRESS_ATTRS = ['registerIP', 'lastSigninIP'] as const;

/** A copy of `attr` without the addresses unless the viewer may see them (`staffSees`): every staff view goes through here. */
export function attrForStaff<T extends object>(attr: T, viewerPrivileges: readonly string[]): T {
  const copy = { ...attr } as Record<string, unknown>;
  if (!staffSees(viewerPrivileges).addresses) for (const k of ADDRESS_ATTRS) delete copy[k];
  return copy as T;
}

/** The e-mail of a staff view, or null for a viewer who may not see it (`staffSees`). */
export const emailForStaff = (email: string | null, viewerPrivileges: readonly string[]) => (staffSees(viewerPrivileges).email ? email : null);
