import type { UserAttr, UserRow } from '@server/db/schema';
import type { UserInfo } from '@shared/types/account';
import { hasAdminLevel } from '@shared/privileges';
import { experienceOf } from '@shared/achievements';
import { userAvatarOf } from './avatar';

/** Attribute keys anyone may read; `self` adds the owner's private ones; staff see every key. */
const PUBLIC_ATTR: (keyof UserAttr)[] = ['achievements', 'allowDM', 'freezeOfNoBinding', 'introduction', 'mute', 'showAchievement', 'showOrigin'];
const SELF_ATTR: (keyof UserAttr)[] = [...PUBLIC_ATTR, 'changeNameLeft', 'language', 'showAD'];

/**
 * Who is looking, and so how much they see:
 * - `public`: the public profile; the platform account only when its owner made it public (`showOrigin`);
 * - `account`: the public profile with the platform account whatever `showOrigin` says, but no e-mail
 *   (admins of level 1 and the owner, on `/user/info`), achievements included even when hidden from others;
 * - `self`: the owner's own view (`/user/me`): private settings and the bound e-mail;
 * - `staff`: everything but secrets (`/user/info4admin`, admin level 2; the route leaves the addresses to root and dev).
 */
export type Viewer = 'public' | 'account' | 'self' | 'staff';

/** The view `/user/info` gives: admins of level 1 and the owner see the bound account, the rest the public profile. */
export function infoViewerOf(viewer: { id: number; privileges: readonly string[] } | null, userId: number): Viewer {
  return viewer && (viewer.id === userId || hasAdminLevel(viewer.privileges, 1)) ? 'account' : 'public';
}

function pick(attr: UserAttr, keys: (keyof UserAttr)[]) {
  const out: Partial<UserAttr> = {};
  for (const k of keys) if (attr[k] !== undefined) (out as Record<string, unknown>)[k] = attr[k];
  return out;
}

export interface UserStats {
  reportNum: number;
  statusNum: Record<string, number>;
}

/**
 * The original's `userInfo` shape (never a password hash; IPs and the e-mail only in the private views).
 * `owned` (id -> acquired epoch ms) fills `attr.achievements` and the experience: for others only
 * when the user shows their achievements; without it the key is left out.
 */
export function presentUser(row: UserRow, viewer: Viewer, stats: UserStats = { reportNum: 0, statusNum: { 0: 0, 1: 0, 4: 0 } }, owned?: Record<string, number>): UserInfo {
  const privateView = viewer === 'self' || viewer === 'staff';
  const attr = viewer === 'staff' ? { ...row.attr } : pick(row.attr, viewer === 'self' ? SELF_ATTR : PUBLIC_ATTR);
  const achievementsShown = owned !== undefined && (viewer !== 'public' || row.attr.showAchievement !== false);
  delete attr.achievements;
  if (achievementsShown) attr.achievements = owned;
  if (attr.changeNameLeft === undefined && privateView) attr.changeNameLeft = 3;
  const showOrigin = viewer !== 'public' || row.attr.showOrigin === true;
  const origin = row.originUserId && showOrigin
    ? {
        originName: row.originName,
        originUserId: row.originUserId,
        originPersonaId: row.originPersonaId ?? null,
        ...(privateView ? { originEmail: row.originEmail } : {}),
      }
    : null;
  return {
    id: row.id,
    userAvatar: userAvatarOf(row),
    username: row.username,
    userAchievementExp: achievementsShown ? experienceOf(Object.keys(owned)) : 0,
    privilege: row.privileges,
    joinTime: row.createTime.toISOString(),
    lastOnlineTime: row.updateTime.toISOString(),
    subscribes: privateView ? [] : null,
    origin,
    isBound: !!row.originUserId,
    attr,
    ...(viewer === 'staff' ? { valid: row.valid, signoutTime: row.signoutTime?.toISOString() ?? null } : {}),
    reportNum: stats.reportNum,
    statusNum: stats.statusNum,
  };
}
