import { subscribeIdBody, subscribeIdsBody, subscribesPageBody } from '@shared/schemas/cases';
import { defineRoute, type AnyRoute } from '@server/http/route';
import { ok } from '@server/http/envelope';
import { subscriptionPolicy } from './policy';
import { follow, followedCases, isSubscribed, unfollow } from './service';

const TAG = 'Subscriptions';

export const subscriptionRoutes: AnyRoute[] = [
  defineRoute({
    method: 'post',
    path: '/user/isSubscribes',
    tag: TAG,
    summary: 'Whether you follow a case (`{id}` = its dbId).',
    area: 'subscribes',
    auth: 'required',
    policy: subscriptionPolicy.read,
    /** A read, though POSTed: an app's token may call it. */
    appToken: true,
    body: subscribeIdBody,
    success: { code: 'subscribes.success' },
    handler: async ({ user, body, services }) => ok('subscribes.success', await isSubscribed(services.db, user.id, body.id)),
  }),
  defineRoute({
    method: 'post',
    path: '/user/subscribes',
    tag: TAG,
    summary: 'The cases you follow (`skip` is a page index, `limit` a page size).',
    area: 'subscribes',
    auth: 'required',
    policy: subscriptionPolicy.read,
    /** A read, though POSTed: an app's token may call it. */
    appToken: true,
    body: subscribesPageBody,
    success: { code: 'subscribes.success' },
    handler: async ({ user, body, services }) => {
      const { data, total } = await followedCases(services.db, user.id, body.skip, body.limit);
      return ok('subscribes.success', data, { total });
    },
  }),
  defineRoute({
    method: 'post',
    path: '/user/subscribes/add',
    tag: TAG,
    summary: 'Follow cases (at most 100 in all).',
    area: 'subscribes',
    auth: 'required',
    policy: subscriptionPolicy.add,
    body: subscribeIdsBody,
    success: { code: 'subscribes.success' },
    errors: ['subscribes.notFound', 'subscribes.exceedMax'],
    handler: async ({ user, body, services }) => {
      await follow(services.db, user.id, body.playerIds);
      return ok('subscribes.success');
    },
  }),
  defineRoute({
    method: 'post',
    path: '/user/subscribes/delete',
    tag: TAG,
    summary: 'Stop following cases.',
    area: 'subscribes',
    auth: 'required',
    policy: subscriptionPolicy.remove,
    body: subscribeIdsBody,
    success: { code: 'subscribes.success' },
    handler: async ({ user, body, services }) => {
      await unfollow(services.db, user.id, body.playerIds);
      return ok('subscribes.success');
    },
  }),
];
