import { rules } from '@shared/policy';
import { achievementsQuery, adminAchievementBody, claimAchievementBody } from '@shared/schemas/achievements';
import { defineRoute, type AnyRoute } from '@server/http/route';
import { ok } from '@server/http/envelope';
import { achievementPolicy } from './policy';
import { achievementsView, adminChangeAchievement, claimAchievement } from './service';

const TAG = 'Achievements';

export const achievementRoutes: AnyRoute[] = [
  defineRoute({
    method: 'get',
    path: '/user/achievements',
    tag: TAG,
    summary: 'Your achievements (with acquisition times and points), your experience, and the ids you may claim now; `id` reads another user’s when they show them.',
    area: 'achievement',
    auth: 'required',
    policy: rules.signedIn,
    query: achievementsQuery,
    success: { code: 'achievement.success' },
    errors: ['userInfo.notFound'],
    handler: async ({ user, query, services }) => ok('achievement.success', await achievementsView(services, user, query.id)),
  }),
  defineRoute({
    method: 'post',
    path: '/user/achievement',
    tag: TAG,
    summary: 'Claim an achievement whose condition you meet (`{id}` or `{data: {id}}`).',
    area: 'achievement',
    auth: 'required',
    policy: achievementPolicy.claim,
    body: claimAchievementBody,
    success: { code: 'achievement.success' },
    errors: ['achievement.duplicate', 'achievement.notConditions', 'achievement.notFound'],
    handler: async ({ user, body, services }) => ok('achievement.success', await claimAchievement(services, user, body.id)),
  }),
  ...(['add', 'delete'] as const).map((action) =>
    defineRoute({
      method: 'post',
      path: `/user/achievement/admin/${action}`,
      tag: TAG,
      summary: action === 'add' ? 'Give a user an achievement without its condition (super, root, dev; audited).' : 'Take an achievement from a user (super, root, dev; audited).',
      area: 'achievement',
      auth: 'required',
      policy: achievementPolicy.admin,
      body: adminAchievementBody,
      success: { code: 'achievement.success' },
      errors: ['achievement.duplicate', 'achievement.notFound', 'userInfo.notFound', 'user.permissionDenined'],
      handler: async ({ user, body, services }) => ok('achievement.success', await adminChangeAchievement(services, user, action, body.userId, body.achievementId)),
    }),
  ),
];
