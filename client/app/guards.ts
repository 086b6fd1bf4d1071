import { isAdmin, hasAny } from '@shared/privileges';
import type { RoleRule } from '@shared/policy';
import { SCREENS } from '@shared/screens';
import { SIGNED_OUT, type Viewer } from '@client/state/session';

/** Who may open a route: anyone, any signed-in account, or the staff a rule names. */
export type Access = 'public' | 'user' | RoleRule;

interface Where {
  pathname: string;
  search: string;
  hash?: string;
}

/** Where a refused viewer goes; `needs`: the roles the page asked for, told on the staff home. */
export interface Redirect {
  to: string;
  needs?: readonly string[];
}

export function signinPath({ backurl, reason }: { backurl?: string; reason?: string }) {
  const params = new URLSearchParams();
  if (backurl && backurl !== '/') params.set('backurl', backurl);
  if (reason) params.set('reason', reason);
  const query = params.toString();
  return query ? `/signin?${query}` : '/signin';
}

/**
 * Where to send a viewer who may not open the page, or null to show it: signed-out visitors go
 * to sign-in (coming back to the full path afterwards, and told why if the server ended their
 * session), someone who just signed out goes home, non-staff go to their profile, and staff
 * without the page's role go to the staff home, which names the role.
 */
export function guardRedirect(access: Access, viewer: Viewer, where: Where): Redirect | null {
  if (access === 'public') return null;
  if (!viewer.signedIn && viewer.endReason === SIGNED_OUT) return { to: '/' };
  if (!viewer.signedIn) {
    return { to: signinPath({ backurl: `${where.pathname}${where.search}${where.hash ?? ''}`, reason: viewer.endReason ?? undefined }) };
  }
  if (access === 'user' || hasAny(viewer.privileges, access.roles)) return null;
  if (!isAdmin(viewer.privileges)) return { to: SCREENS.profileInformation };
  return { to: SCREENS.adminHome, needs: access.roles };
}

/** A `backurl` is followed only when it is a path on this site (never `//host` or a scheme). */
export function safeBackUrl(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (value.startsWith('/signin')) return '/';
  return value;
}
