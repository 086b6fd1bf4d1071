import { rules } from '@shared/policy';
import { achievementCatalogueQuery, achievementsQuery, adminAchievementBody, claimAchievementBody } from '@shared/schemas/achievements';
import { defineRoute, type AnyRoute } from '@server/http/route';
import { ok } from '@server/http/envelope';
import type { RouteCache } from '@server/http/cache-control';
import { readerLanguage } from '@server/http/reader-language';
import { achievementCatalogue } from './catalogue';
import { achievementPolicy } from './policy';
import { achievementsView, adminChangeAchievement, claimAchievement } from './service';

const TAG = 'Achievements';

/** The catalogue changes only with a new release: kept an hour, per language asked for by header. */
const CATALOGUE_CACHE: RouteCache = { maxAge: 3600, vary: ['Accept-Language'] };

export const achievementRoutes: AnyRoute[] = [
  defineRoute({
    method: 'get',
    path: '/achievements',
    tag: TAG,
    summary:
      'The achievement catalogue: id, group, level, points, rarity, badge, name and how each is earned, in the language of `lang` (else Accept-Language, else en-US; the one used is `language` and Content-Language). A hidden achievement keeps its condition secret (`acquisition`, `requires`, `goal`, `condition` are null).',
    area: 'achievement',
    auth: 'none',
    policy: rules.anyone,
    query: achievementCatalogueQuery,
    cache: CATALOGUE_CACHE,
    success: { code: 'achievements.ok' },
    handler: ({ query, req, res, services }) => {
      const language = readerLanguage(query.lang, req.headers['accept-language']);
      res.setHeader('Content-Language', language);
      return ok('achievements.ok', achievementCatalogue(services.i18n, language));
    },
  }),
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
