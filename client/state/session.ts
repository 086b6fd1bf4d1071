import { proxy, useSnapshot } from 'valtio';
import { hasAny, isAdmin } from '@shared/privileges';
import type { Actor, RoleRule } from '@shared/policy';
import { getMe, signout } from '@client/api/account';
import type { Me, SigninResult, TokenUserInfo } from '@client/api/types';
import { clearSession, loadSession, saveSession } from './sessionStore';

export interface SessionState {
  token: string | null;
  /** What the stored login remembers: enough to draw the header before /user/me answers. */
  userinfo: TokenUserInfo | null;
  /** The full account from /user/me; privileges always come from here once loaded. */
  me: Me | null;
  /** Why the last session ended: a server `user.*` code (shown on the sign-in page), or SIGNED_OUT. */
  endReason: string | null;
}

export const session = proxy<SessionState>({ token: null, userinfo: null, me: null, endReason: null });

function persist() {
  if (session.token && session.userinfo) saveSession({ token: session.token, userinfo: session.userinfo });
}

/**
 * Adopts the stored login as it is now: another tab may have signed out or in meanwhile. Returns
 * true when the session changed.
 */
export function syncWithStore(): boolean {
  const stored = loadSession();
  if ((stored?.token ?? null) === session.token) return false;
  session.token = stored?.token ?? null;
  session.userinfo = stored?.userinfo ?? null;
  session.me = null;
  session.endReason = null;
  return true;
}

export function beginSession({ token, userinfo }: SigninResult) {
  session.token = token;
  session.userinfo = userinfo;
  session.me = null;
  session.endReason = null;
  persist();
}

/** Re-reads the account from the server and keeps the stored copy of name, avatar and privileges fresh. */
export async function refreshMe() {
  const token = session.token;
  if (!token) return;
  const me = await getMe();
  if (session.token !== token || !session.userinfo) return;
  session.me = me;
  session.userinfo = { ...session.userinfo, username: me.username, userAvatar: me.userAvatar, privilege: me.privilege };
  persist();
}

/** Forgets the session locally (the server side is already gone or being closed). */
export function endSession(reason: string | null = null) {
  session.token = null;
  session.userinfo = null;
  session.me = null;
  session.endReason = reason;
  clearSession();
}

/** The `endReason` of a sign-out the user asked for. */
export const SIGNED_OUT = 'signout';

/**
 * Forgets the session here first (the page moves on at once and leaves its realtime room), then
 * tells the server; a failure there changes nothing here, as a dead token is signed out already.
 */
export async function signOut() {
  const token = session.token;
  endSession(SIGNED_OUT);
  if (token) await signout(token).catch(() => undefined);
}

export interface Viewer {
  signedIn: boolean;
  privileges: readonly string[];
  endReason?: string | null;
}

export function viewerOf(state: SessionState | Readonly<SessionState>): Viewer {
  return { signedIn: !!state.token, privileges: state.me?.privilege ?? state.userinfo?.privilege ?? [], endReason: state.endReason };
}

/** The signed-in account as the shared access rules (shared/policy.ts) read it; null for a visitor. */
function actorOfSession(state: SessionState | Readonly<SessionState>): Actor | null {
  if (!state.token || !state.userinfo) return null;
  const mute = state.me?.attr?.mute ? new Date(state.me.attr.mute).getTime() : null;
  return {
    id: state.userinfo.userId,
    privileges: viewerOf(state).privileges,
    isBound: state.me ? !!state.me.origin : true,
    visitType: state.userinfo.visitType ?? 'websites',
    mutedUntil: mute !== null && Number.isFinite(mute) ? mute : null,
  };
}

export function useViewer() {
  const snap = useSnapshot(session);
  const viewer = viewerOf(snap);
  return {
    ...viewer,
    isAdmin: isAdmin(viewer.privileges),
    /** Whether the viewer holds one of the roles a rule names (shared/policy.ts). */
    has: (rule: RoleRule) => hasAny(viewer.privileges, rule.roles),
    userinfo: snap.userinfo,
    me: snap.me,
    actor: actorOfSession(snap),
  };
}
