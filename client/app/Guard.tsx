import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSnapshot } from 'valtio';
import { session, viewerOf } from '@client/state/session';
import { guardRedirect, type Access } from './guards';

/** Renders its page only for viewers the route allows; redirects everyone else. */
export function Guard({ access, children }: { access: Access; children: ReactNode }) {
  const location = useLocation();
  const snap = useSnapshot(session);
  const redirect = guardRedirect(access, viewerOf(snap), location);
  return redirect ? <Navigate to={redirect} replace /> : children;
}
