import { isAdmin } from '@shared/privileges';
import { SIGNED_OUT, type Viewer } from '@client/state/session';

/** Who may open a route. */
export type Access = 'public' | 'user' | 'admin';

interface Where {
  pathname: string;
  search: string;
  hash?: string;
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
 * session), someone who just signed out goes home, non-admins go to their profile.
 */
export function guardRedirect(access: Access, viewer: Viewer, where: Where): string | null {
  if (access === 'public') return null;
  if (!viewer.signedIn && viewer.endReason === SIGNED_OUT) return '/';
  if (!viewer.signedIn) {
    return signinPath({ backurl: `${where.pathname}${where.search}${where.hash ?? ''}`, reason: viewer.endReason ?? undefined });
  }
  if (access === 'admin' && !isAdmin(viewer.privileges)) return '/profile/information';
  return null;
}

/** A `backurl` is followed only when it is a path on this site (never `//host` or a scheme). */
export function safeBackUrl(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (value.startsWith('/signin')) return '/';
  return value;
}
