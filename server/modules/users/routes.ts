import { rules } from '@shared/policy';
import { changeNameBody, updateMeBody, userInfoQuery } from '@shared/schemas/account';
import { userReportsQuery } from '@shared/schemas/cases';
import { defineRoute, enforce, type AnyRoute } from '@server/http/route';
import { ok } from '@server/http/envelope';
import { AppError } from '@server/app-error';
import { infoViewerOf, presentUser } from './presenter';
import { userById } from './queries';
import { changeName, updateOwnAttr } from './profile';
import { clientOf } from './operations';
import { userPolicy } from './policy';
import { attrForStaff, emailForStaff } from './addresses';
import { reportStats, reportsBy } from './reports';
import { followedIds, replaceFollows } from '@server/modules/subscriptions/service';
import { subscriptionPolicy } from '@server/modules/subscriptions/policy';
import { ownedOf } from '@server/modules/users/owned-achievements';

const TAG = 'Users';

export const userRoutes: AnyRoute[] = [
  defineRoute({
    method: 'get',
    path: '/user/me',
    tag: TAG,
    summary: 'The signed-in account, with its private settings.',
    area: 'me',
    auth: 'required',
    policy: rules.signedIn,
    success: { code: 'userInfo.success' },
    handler: async ({ user, services }) => {
      const [stats, subscribes, owned] = await Promise.all([reportStats(services.db, user.id), followedIds(services.db, user.id), ownedOf(services.db, user.id)]);
      return ok('userInfo.success', { ...presentUser(user.row, 'self', stats, owned), subscribes });
    },
  }),
  defineRoute({
    method: 'post',
    path: '/user/me',
    tag: TAG,
    summary: 'Update your own settings (allowDM, showOrigin, showAchievement, introduction, language, showAD) and, with `subscribes`, replace the followed cases (at most 100; cases gone or hidden are left out).',
    area: 'me',
    auth: 'required',
    policy: userPolicy.updateMe,
    body: updateMeBody,
    success: { code: 'me.success' },
    handler: async ({ user, body, services }) => {
      const { subscribes } = body.data;
      if (subscribes) enforce(subscriptionPolicy.remove, user.actor);
      const followed = subscribes && (await replaceFollows(services.db, user.id, subscribes));
      const attr = await updateOwnAttr(services, user, body.data.attr ?? {});
      return ok('me.success', { attr: presentUser({ ...user.row, attr }, 'self').attr, ...(followed && { subscribes: followed }) });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/user/info',
    tag: TAG,
    summary: 'A user’s public profile; admins and the user themself also see the bound game account.',
    area: 'userInfo',
    auth: 'optional',
    policy: rules.anyone,
    query: userInfoQuery,
    success: { code: 'userInfo.success' },
    errors: ['userInfo.notFound'],
    handler: async ({ user, query, services }) => {
      const row = await userById(services.db, query.id);
      if (!row || !row.valid) throw new AppError('userInfo.notFound');
      const [stats, owned] = await Promise.all([reportStats(services.db, row.id), ownedOf(services.db, row.id)]);
      return ok('userInfo.success', presentUser(row, infoViewerOf(user, row.id), stats, owned));
    },
  }),
  defineRoute({
    method: 'get',
    path: '/user/info4admin',
    tag: TAG,
    summary: 'A user’s profile with every attribute, for staff: the bound e-mail for super, root and dev; the sign-up and sign-in addresses for root and dev.',
    area: 'userInfo',
    auth: 'required',
    policy: userPolicy.infoForAdmin,
    query: userInfoQuery,
    success: { code: 'userInfo.success' },
    errors: ['userInfo.notFound', 'user.permissionDenined'],
    handler: async ({ user, query, services }) => {
      const row = await userById(services.db, query.id);
      if (!row) throw new AppError('userInfo.notFound');
      const [stats, owned] = await Promise.all([reportStats(services.db, row.id), ownedOf(services.db, row.id)]);
      const info = presentUser(row, 'staff', stats, owned);
      const origin = info.origin && { ...info.origin, originEmail: emailForStaff(info.origin.originEmail ?? null, user.privileges) };
      return ok('userInfo.success', { ...info, origin, attr: attrForStaff(info.attr, user.privileges) });
    },
  }),
  defineRoute({
    method: 'post',
    path: '/user/changeName',
    tag: TAG,
    summary: 'Rename the account (limited chances; the login id changes).',
    area: 'changeName',
    auth: 'required',
    policy: userPolicy.changeName,
    body: changeNameBody,
    captcha: 'skippable',
    success: { code: 'changeName.success' },
    errors: ['changeName.noChance', 'changeName.occupied'],
    handler: async ({ user, body, services, req, ip }) => {
      return ok('changeName.success', await changeName(services, user, body.data.newname, clientOf(req, ip)));
    },
  }),
  defineRoute({
    method: 'get',
    path: '/user/reports',
    tag: TAG,
    summary: 'The cases a user reported, newest first (`skip` is a page index).',
    area: 'userReports',
    auth: 'none',
    policy: rules.anyone,
    query: userReportsQuery,
    success: { code: 'userReports.success' },
    errors: ['userReports.notFound'],
    handler: async ({ query, services }) => {
      const row = await userById(services.db, query.id);
      if (!row || !row.valid) throw new AppError('userReports.notFound');
      const { data, total } = await reportsBy(services.db, row.id, query.skip, query.limit);
      return ok('userReports.success', data, { total });
    },
  }),
];
