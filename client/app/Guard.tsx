import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSnapshot } from 'valtio';
import { session, viewerOf } from '@client/state/session';
import { guardRedirect, type Access } from './guards';

/** What a staff page tells the staff home when it sent the viewer there (`RefusedNotice`). */
export interface RefusedState {
  refused: { path: string; needs: readonly string[] };
}

/** Renders its page only for viewers the route allows; redirects everyone else. */
export function Guard({ access, children }: { access: Access; children: ReactNode }) {
  const location = useLocation();
  const snap = useSnapshot(session);
  const redirect = guardRedirect(access, viewerOf(snap), location);
  if (!redirect) return children;
  const state: RefusedState | undefined = redirect.needs ? { refused: { path: location.pathname, needs: redirect.needs } } : undefined;
  return <Navigate to={redirect.to} replace state={state} />;
}
