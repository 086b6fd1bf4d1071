/**
 * Who may grant or revoke which role on whom (`POST /admin/setUserRole`): the original's matrix
 * plus a rank rule the original lacked. Pure, so the server enforces it and the client
 * offers only the toggles it would accept.
 */

/** The roles `setUserRole` manages (`root` is in the list so that refusing it is explicit). */
export const MANAGED_ROLES = ['normal', 'admin', 'bot', 'super', 'dev', 'root', 'volunteer', 'blacklisted', 'freezed'] as const;
export type ManagedRole = (typeof MANAGED_ROLES)[number];
export type RoleAction = 'grant' | 'revoke';

/** What each caller role may grant (the original's matrix); a caller holding several roles has the union. */
const GRANTS: Partial<Record<string, readonly ManagedRole[]>> = {
  dev: ['normal', 'bot', 'blacklisted', 'freezed', 'volunteer'],
  super: ['normal', 'admin', 'blacklisted', 'freezed', 'volunteer'],
  root: ['normal', 'admin', 'bot', 'super', 'dev', 'volunteer', 'blacklisted', 'freezed'],
};

/** What each caller role may revoke. */
const REVOKES: Partial<Record<string, readonly ManagedRole[]>> = {
  dev: ['normal', 'bot', 'volunteer', 'blacklisted', 'freezed'],
  super: ['normal', 'admin', 'bot', 'volunteer', 'blacklisted', 'freezed'],
  root: ['normal', 'admin', 'bot', 'super', 'dev', 'volunteer', 'blacklisted', 'freezed'],
};

/**
 * Rank: root > super = dev > admin > everyone else. Super and dev are peers: both are admin
 * level 2, one manages people and the other the tooling, and neither may demote or ban the other
 * (root settles it).
 */
export function rankOf(roles: readonly string[]): number {
  if (roles.includes('root')) return 4;
  if (roles.includes('super') || roles.includes('dev')) return 3;
  if (roles.includes('admin')) return 2;
  return 1;
}

/** Roles that make staff: granting one drops `normal`. */
const STAFF_ROLES: readonly string[] = ['admin', 'super', 'dev', 'root'];
const LOCKS: readonly string[] = ['blacklisted', 'freezed'];

export type RoleRefusal = 'self' | 'rank' | 'matrix';
export type RoleDecision = { ok: true; roles: string[] } | { ok: false; reason: RoleRefusal };

/** The role set after the change (the original's side effects), assuming it is allowed. */
export function applyRoleChange(current: readonly string[], action: RoleAction, role: ManagedRole): string[] {
  if (action === 'revoke') {
    const left = current.filter((r) => r !== role);
    return left.length ? left : ['normal'];
  }
  if (role === 'blacklisted') return ['blacklisted'];
  let next = current.filter((r) => !LOCKS.includes(r));
  if (STAFF_ROLES.includes(role)) next = next.filter((r) => r !== 'normal');
  if (!next.includes(role)) next.push(role);
  return next;
}

/** Whether the caller's roles let them grant/revoke `role` at all, before looking at the target. */
export function matrixAllows(callerRoles: readonly string[], action: RoleAction, role: ManagedRole): boolean {
  const table = action === 'grant' ? GRANTS : REVOKES;
  return callerRoles.some((r) => table[r]?.includes(role) ?? false);
}

/**
 * The whole rule: nobody changes their own roles, nobody acts on an equal or higher rank, and
 * the matrix decides the role. Answers the resulting role set when allowed.
 */
export function decideRoleChange(
  caller: { id: number; privileges: readonly string[] },
  target: { id: number; privileges: readonly string[] },
  action: RoleAction,
  role: ManagedRole,
): RoleDecision {
  if (caller.id === target.id) return { ok: false, reason: 'self' };
  if (rankOf(target.privileges) >= rankOf(caller.privileges)) return { ok: false, reason: 'rank' };
  if (!matrixAllows(caller.privileges, action, role)) return { ok: false, reason: 'matrix' };
  return { ok: true, roles: applyRoleChange(target.privileges, action, role) };
}

/** The toggles a caller may flip on a target: each managed role with the action it would take. */
export function roleToggles(caller: { id: number; privileges: readonly string[] }, target: { id: number; privileges: readonly string[] }) {
  return MANAGED_ROLES.map((role) => {
    const held = target.privileges.includes(role);
    const action: RoleAction = held ? 'revoke' : 'grant';
    return { role, held, action, allowed: decideRoleChange(caller, target, action, role).ok };
  });
}

/** Mute lengths of `muteUser` (`data.value` 0..5): 10 min, 1 h, 12 h, 1 d, 7 d, 30 d. */
export const MUTE_DURATIONS_MS = [10 * 60_000, 60 * 60_000, 12 * 60 * 60_000, 24 * 60 * 60_000, 7 * 24 * 60 * 60_000, 30 * 24 * 60 * 60_000] as const;
