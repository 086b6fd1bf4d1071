import type { UserAttr, UserRow } from '@server/db/schema';
import { userAvatarOf } from './avatar';

/** Attribute keys anyone may read; `self` adds the owner's private ones; staff see every key. */
const PUBLIC_ATTR: (keyof UserAttr)[] = ['achievements', 'allowDM', 'freezeOfNoBinding', 'introduction', 'mute', 'showAchievement', 'showOrigin'];
const SELF_ATTR: (keyof UserAttr)[] = [...PUBLIC_ATTR, 'changeNameLeft', 'language', 'showAD'];

export type Viewer = 'public' | 'self' | 'staff';

function pick(attr: UserAttr, keys: (keyof UserAttr)[]) {
  const out: Partial<UserAttr> = {};
  for (const k of keys) if (attr[k] !== undefined) (out as Record<string, unknown>)[k] = attr[k];
  return out;
}

export interface UserStats {
  reportNum: number;
  statusNum: Record<string, number>;
}

/** The `userInfo` shape of the reference (never a password hash, IPs only for staff). */
export function presentUser(row: UserRow, viewer: Viewer, stats: UserStats = { reportNum: 0, statusNum: { 0: 0, 1: 0, 4: 0 } }) {
  const attr = viewer === 'staff' ? { ...row.attr } : pick(row.attr, viewer === 'self' ? SELF_ATTR : PUBLIC_ATTR);
  if (attr.changeNameLeft === undefined && viewer !== 'public') attr.changeNameLeft = 3;
  const showOrigin = viewer !== 'public' || row.attr.showOrigin === true;
  const origin = row.originUserId && showOrigin
    ? {
        originName: row.originName,
        originUserId: row.originUserId,
        ...(viewer !== 'public' ? { originPersonaId: row.originPersonaId, originEmail: row.originEmail } : {}),
      }
    : null;
  return {
    id: row.id,
    userAvatar: userAvatarOf(row),
    username: row.username,
    userAchievementExp: 0,
    privilege: row.privileges,
    joinTime: row.createTime,
    lastOnlineTime: row.updateTime,
    subscribes: viewer === 'public' ? null : [],
    origin,
    isBound: !!row.originUserId,
    attr,
    ...(viewer === 'staff' ? { valid: row.valid, signoutTime: row.signoutTime } : {}),
    reportNum: stats.reportNum,
    statusNum: stats.statusNum,
  };
}
