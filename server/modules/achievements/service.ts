import { ACHIEVEMENTS, achievementById, experienceOf, type AchievementDef } from '@shared/achievements';
import { recordAdminAction } from '@server/modules/admin/oplog';
import { achievementAudit, type UserRow } from '@server/db/schema';
import type { Services } from '@server/core/services';
import type { AuthedUser } from '@server/core/authed-user';
import { AppError } from '@server/app-error';
import { inTransaction } from '@server/db/outbox';
import { userAvatarOf } from '@server/modules/users/avatar';
import { userById } from '@server/modules/users/queries';
import { meetsCondition } from './conditions';
import { announceGrant, grantOne } from './grant';
import { deleteOwned, insertOwned, ownedOf, type OwnedAchievements } from '../users/owned-achievements';

function known(id: string): AchievementDef {
  const def = achievementById(id);
  if (!def) throw new AppError('achievement.notFound', `no achievement ${id}`);
  return def;
}

/** May others see this user's achievements (`showAchievement`, on unless switched off). */
export const showsAchievements = (row: Pick<UserRow, 'attr'>) => row.attr.showAchievement !== false;

/** The ids the viewer could claim now (their own page): not owned, previous level owned, condition true. */
async function claimableOf(services: Services, user: AuthedUser, owned: OwnedAchievements) {
  const have = new Set(Object.keys(owned));
  const ctx = { db: services.db, user: user.row, owned: have, visitType: user.actor.visitType, now: new Date(), memo: new Map<string, Promise<unknown>>() };
  const checks = await Promise.all(ACHIEVEMENTS.filter((a) => !have.has(a.id)).map(async (a) => ((await meetsCondition(ctx, a)) ? a.id : null)));
  return checks.filter((id): id is string => id !== null);
}

/**
 * `GET /user/achievements`: the user's achievements in the original's shape, plus the ids the
 * owner may claim now. Someone else's only when they show them (else the list is empty).
 */
export async function achievementsView(services: Services, viewer: AuthedUser, userId: number | undefined) {
  const self = userId === undefined || userId === viewer.id;
  const row = self ? viewer.row : await userById(services.db, userId);
  if (!row || !row.valid) throw new AppError('userInfo.notFound');
  const isPublicAchievement = showsAchievements(row);
  const visible = self || isPublicAchievement;
  const owned = visible ? await ownedOf(services.db, row.id) : {};
  return {
    userId: row.id,
    username: row.username,
    userAvatar: userAvatarOf(row),
    userAchievementExp: experienceOf(Object.keys(owned)),
    isPublicAchievement,
    achievements: Object.entries(owned)
      .sort((a, b) => a[1] - b[1])
      .map(([name, at]) => ({ name, acquisitionTime: new Date(at).toISOString(), points: achievementById(name)?.points ?? 0 })),
    claimable: self ? await claimableOf(services, viewer, owned) : [],
  };
}

/** `POST /user/achievement`: claims one if its condition holds; two claims at once grant it once. */
export async function claimAchievement(services: Services, user: AuthedUser, id: string) {
  const def = known(id);
  const owned = await ownedOf(services.db, user.id);
  if (owned[id] !== undefined) throw new AppError('achievement.duplicate', 'already owned');
  const ctx = { db: services.db, user: user.row, owned: new Set(Object.keys(owned)), visitType: user.actor.visitType, now: new Date() };
  if (!(await meetsCondition(ctx, def))) throw new AppError('achievement.notConditions', 'the condition is not met');
  const at = await grantOne(services, user, def, null, false);
  if (!at) throw new AppError('achievement.duplicate', 'already owned');
  return { id, acquisitionTime: at.toISOString(), points: def.points };
}

/** `POST /user/achievement/admin/add|delete` (super, root, dev): no condition, written to the audit. */
export async function adminChangeAchievement(services: Services, admin: AuthedUser, action: 'add' | 'delete', userId: number, achievementId: string) {
  const def = known(achievementId);
  const target = await userById(services.db, userId);
  if (!target) throw new AppError('userInfo.notFound');
  return inTransaction(services, async (r) => {
    if (action === 'add') {
      const at = await insertOwned(r.tx, target.id, def.id, admin.id);
      if (!at) throw new AppError('achievement.duplicate', 'already owned');
      await announceGrant(r, services, target.id, def);
    } else if (!(await deleteOwned(r.tx, target.id, def.id))) {
      throw new AppError('achievement.notFound', 'the user does not own it');
    }
    await r.tx.insert(achievementAudit).values({ adminId: admin.id, userId: target.id, achievementId: def.id, action });
    await recordAdminAction(r.tx, { actorId: admin.id, action: `achievement.${action}`, targetUserId: target.id, detail: { achievementId: def.id } });
    const owned = await ownedOf(r.tx, target.id);
    return { userId: target.id, achievements: owned, userAchievementExp: experienceOf(Object.keys(owned)) };
  });
}
