import { roomOf } from '@shared/socket';
import { ACHIEVEMENTS, achievementById, type AchievementDef } from '@shared/achievements';
import type { UserRow } from '@server/db/schema';
import type { Services } from '@server/core/services';
import { inTransaction, type Recorder } from '@server/db/outbox';
import { notifyUsers } from '@server/modules/notifications/notify';
import { userById } from '@server/modules/users/queries';
import { meetsCondition } from './conditions';
import { insertOwned, ownedOf } from '../users/owned-achievements';

/** Tells the owner (toast and inbox, in their language) and refreshes their open tabs. */
export async function announceGrant(r: Recorder, services: Services, userId: number, def: AchievementDef) {
  await notifyUsers(r, services.i18n, [userId], { type: 'warn', key: 'achievementGranted', values: { id: def.id, points: def.points } });
  await r.emit(roomOf.user(userId), 'user.updated', { userId });
}

/**
 * Grants every passive achievement (of `among`, default all) whose condition holds now, lowest
 * level first so one pass climbs a group; each grant is announced to its owner. Returns the ids granted.
 * Checks sharing `memo` read each ranking once.
 */
export async function grantPassive(services: Services, userId: number, among: readonly AchievementDef[] = ACHIEVEMENTS, memo = new Map<string, Promise<unknown>>()): Promise<string[]> {
  const user = await userById(services.db, userId);
  if (!user || !user.valid) return [];
  const owned = new Set(Object.keys(await ownedOf(services.db, userId)));
  const granted: string[] = [];
  for (const def of among) {
    if (def.acquisition !== 'passive' || owned.has(def.id)) continue;
    if (!(await meetsCondition({ db: services.db, user, owned, visitType: null, now: new Date(), memo }, def))) continue;
    const at = await grantOne(services, user, def, null);
    if (at) granted.push(def.id);
    owned.add(def.id);
  }
  return granted;
}

/** Stores a grant and announces it in one transaction; null when it was already owned. */
export function grantOne(services: Services, user: Pick<UserRow, 'id'>, def: AchievementDef, grantedBy: number | null, announce = true) {
  return inTransaction(services, async (r) => {
    const at = await insertOwned(r.tx, user.id, def.id, grantedBy);
    if (at && announce) await announceGrant(r, services, user.id, def);
    else if (at) await r.emit(roomOf.user(user.id), 'user.updated', { userId: user.id });
    return at;
  });
}

export const passiveOfGroup = (group: AchievementDef['group']) => ACHIEVEMENTS.filter((a) => a.group === group && a.acquisition === 'passive');
export { achievementById };
