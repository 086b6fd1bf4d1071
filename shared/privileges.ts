/** Privileges, weights and admin levels. */
export const PRIVILEGES = ['normal', 'admin', 'super', 'root', 'dev', 'bot', 'test', 'blacklisted', 'freezed', 'volunteer'] as const;
export type Privilege = (typeof PRIVILEGES)[number];

export const PRIVILEGE_WEIGHT: Record<Privilege, number> = {
  root: 200,
  super: 85,
  admin: 40,
  dev: 20,
  test: 15,
  volunteer: 5,
  normal: 5,
  bot: 5,
  blacklisted: 0,
  freezed: 0,
};

/** Admin level n holds the roles of level n (level 1 is the widest). */
export const ADMIN_LEVELS: Record<1 | 2 | 3 | 4, readonly Privilege[]> = {
  1: ['root', 'admin', 'super', 'dev'],
  2: ['root', 'super', 'dev'],
  3: ['root', 'dev'],
  4: ['root'],
};

export const hasAny = (roles: readonly string[], wanted: readonly Privilege[]) => roles.some((r) => wanted.includes(r as Privilege));

export const isAdmin = (roles: readonly string[]) => hasAny(roles, ADMIN_LEVELS[1]);
export const hasAdminLevel = (roles: readonly string[], level: 1 | 2 | 3 | 4) => hasAny(roles, ADMIN_LEVELS[level]);
/** Staff in the original's sense: may judge and see staff views. */
export const isStaff = isAdmin;
/** Accounts that may bypass the captcha with SKIP_CAPTCHA (docs/api-compatibility.md#captcha). */
export const canSkipCaptcha = (roles: readonly string[]) => hasAny(roles, ['bot', 'dev']);
export const isLocked = (roles: readonly string[]) => hasAny(roles, ['blacklisted', 'freezed']);
/** The heaviest weight among a user's privileges. */
export const weightOf = (roles: readonly string[]) =>
  roles.reduce((max, r) => Math.max(max, PRIVILEGE_WEIGHT[r as Privilege] ?? 0), 0);

/**
 * Whether an account may submit anything (reports, replies, appeals, messages): not banned or
 * frozen, and bound to a platform account unless it is staff or a bot.
 */
export function canSubmit(roles: readonly string[], isBound: boolean): 'ok' | 'locked' | 'needBind' {
  if (isLocked(roles)) return 'locked';
  if (!isBound && !hasAny(roles, [...ADMIN_LEVELS[1], 'bot'])) return 'needBind';
  return 'ok';
}
