import { z } from 'zod';
import { LIMITS } from '@shared/limits';
import { captchaFields } from '@shared/schemas/captcha';
import {
  addUserBody,
  blockedListQuery,
  delUserBody,
  muteUserBody,
  mutedListQuery,
  searchUserQuery,
  setUserAttrBody,
  setUserBindDataBody,
  setUserRoleBody,
  transferBindDataBody,
  userIdBody,
} from '@shared/schemas/admin-users';
import { failedAttempts } from '@server/http/user-limit';
import { defineRoute, type AnyRoute } from '@server/http/route';
import { ok } from '@server/http/envelope';
import { AppError } from '@server/app-error';
import { userByLogin } from '@server/modules/users/queries';
import { verifyNothing, verifyPassword } from '@server/modules/auth/passwords';
import { staffSees } from '@shared/policy';
import { adminPolicy } from '../policy';
import { presentStaffUser } from './presenter';
import { searchStaffUsers } from './search';
import { addUser, delUser, setUserAttr, setUserBindData, setUserGeneratePassword, setUserRole, transferBindData } from './accounts';
import { blockedUsers, mutedUsers, muteUser } from './mutes';

const TAG = 'Admin';
const DENIED = ['user.permissionDenined'];

const signin4commBody = captchaFields.extend({
  data: z.object({ username: z.string().trim().min(1).max(LIMITS.emailMax), password: z.string().min(1).max(LIMITS.passwordMax) }),
});

export const adminUserRoutes: AnyRoute[] = [
  defineRoute({
    method: 'get',
    path: '/admin/searchUser',
    tag: TAG,
    summary: 'Find accounts by id, username or platform name (look-alike characters folded), persona id or e-mail (super, root, dev); all, staff or bots; exact total. E-mails and addresses show for the levels that see them.',
    area: 'searchUser',
    auth: 'required',
    policy: adminPolicy.staff,
    query: searchUserQuery,
    success: { code: 'searchUser.ok' },
    errors: DENIED,
    handler: async ({ query, user, services }) => {
      // Finding an account by its e-mail tells the e-mail: for the levels that see e-mails.
      if (query.parameter === 'originEmail' && !staffSees(user.privileges).email) throw new AppError('user.permissionDenined', 'searching by e-mail is for super, root and dev accounts');
      const { rows, total } = await searchStaffUsers(services.db, query);
      return ok('searchUser.ok', rows.map((r) => presentStaffUser(r, user.privileges)), { total });
    },
  }),
  defineRoute({
    method: 'post',
    path: '/admin/setUserRole',
    tag: TAG,
    summary: 'Grant or revoke one role (reference matrix; nobody acts on an equal or higher rank or on themselves).',
    area: 'admin.setUserRole',
    auth: 'required',
    policy: adminPolicy.superStaff,
    body: setUserRoleBody,
    success: { code: 'admin.setUserRole.ok' },
    errors: [...DENIED, 'admin.setUserRole.notFound', 'admin.setUserRole.permissionDenied'],
    handler: async ({ body, user, services }) => ok('admin.setUserRole.ok', await setUserRole(services, user, body.data)),
  }),
  defineRoute({
    method: 'post',
    path: '/admin/setUserAttr',
    tag: TAG,
    summary: 'Rename an account, force its settings, rewrite its introduction (sanitised).',
    area: 'admin.setUserAttr',
    auth: 'required',
    policy: adminPolicy.superStaff,
    body: setUserAttrBody,
    success: { code: 'admin.setUserAttr.ok' },
    errors: [...DENIED, 'admin.setUserAttr.notFound', 'admin.setUserAttr.permissionDenied', 'admin.setUserAttr.occupied'],
    handler: async ({ body, user, services }) => ok('admin.setUserAttr.ok', await setUserAttr(services, user, body.data)),
  }),
  defineRoute({
    method: 'post',
    path: '/admin/setUserBindData',
    tag: TAG,
    summary: 'Set or clear (nulls) the bound platform account by hand.',
    area: 'setUserBindData',
    auth: 'required',
    policy: adminPolicy.rootOrDev,
    body: setUserBindDataBody,
    success: { code: 'setUserBindData.ok' },
    errors: [...DENIED, 'setUserBindData.notFound', 'setUserBindData.permissionDenied', 'setUserBindData.originBindingExist'],
    handler: async ({ body, user, services }) => ok('setUserBindData.ok', await setUserBindData(services, user, body.data)),
  }),
  defineRoute({
    method: 'post',
    path: '/admin/transferBindData',
    tag: TAG,
    summary: 'Move the platform binding from one account to an unbound one, in one transaction.',
    area: 'transferBindData',
    auth: 'required',
    policy: adminPolicy.superStaff,
    body: transferBindDataBody,
    success: { code: 'transferBindData.ok' },
    errors: [...DENIED, 'transferBindData.notFound', 'transferBindData.permissionDenied', 'transferBindData.notBound', 'transferBindData.targetBound'],
    handler: async ({ body, user, services }) => ok('transferBindData.ok', await transferBindData(services, user, body.data)),
  }),
  defineRoute({
    method: 'post',
    path: '/admin/addUser',
    tag: TAG,
    summary: 'Create an unbound normal account.',
    area: 'admin.addUser',
    auth: 'required',
    policy: adminPolicy.superStaff,
    body: addUserBody,
    success: { code: 'admin.addUser.success', status: 201 },
    errors: [...DENIED, 'admin.addUser.usernameExist'],
    handler: async ({ body, user, services }) => ok('admin.addUser.success', await addUser(services, user, body.data)),
  }),
  defineRoute({
    method: 'post',
    path: '/admin/delUser',
    tag: TAG,
    summary: '`logic` hides and disables an account (sessions end), `restore` undoes it, `real` anonymises it keeping its cases and entries.',
    area: 'admin.delUser',
    auth: 'required',
    policy: adminPolicy.rootOrDev,
    body: delUserBody,
    success: { code: 'admin.delUser.success', status: 201 },
    errors: [...DENIED, 'admin.delUser.notFound', 'admin.delUser.permissionDenied'],
    handler: async ({ body, user, services }) => ok('admin.delUser.success', await delUser(services, user, body.data)),
  }),
  defineRoute({
    method: 'post',
    path: '/admin/setUserGeneratePassword',
    tag: TAG,
    summary: 'Sign the account out everywhere, disable its password and mail it a single-use, expiring reset link.',
    area: 'setUserGeneratePassword',
    auth: 'required',
    policy: adminPolicy.rootOrDev,
    body: userIdBody,
    success: { code: 'setUserGeneratePassword.ok' },
    errors: [...DENIED, 'setUserGeneratePassword.notFound', 'setUserGeneratePassword.permissionDenied', 'setUserGeneratePassword.noEmail', 'mail.error'],
    handler: async ({ body, user, services }) => ok('setUserGeneratePassword.ok', await setUserGeneratePassword(services, user, body.data)),
  }),
  defineRoute({
    method: 'post',
    path: '/admin/muteUser',
    tag: TAG,
    summary: 'Mute (10 min, 1 h, 12 h, 1 d, 7 d, 30 d: `value` 0-5) or unmute a user; staff cannot be muted; optional warning.',
    area: 'admin.muteUser',
    auth: 'required',
    policy: adminPolicy.staff,
    body: muteUserBody,
    success: { code: 'admin.muteUser.ok' },
    errors: [...DENIED, 'admin.muteUser.notFound', 'muteUser.ban.userUnauthorized'],
    handler: async ({ body, user, services }) =>
      ok('admin.muteUser.ok', await muteUser(services, user, { ...body.data, isNotice: !!body.isNotice, language: body.language, warn: body.warn || undefined })),
  }),
  defineRoute({
    method: 'get',
    path: '/admin/muteUserAll',
    tag: TAG,
    summary: 'Users muted now, with the mute’s end; exact total.',
    area: 'admin.muteUserAll',
    auth: 'required',
    policy: adminPolicy.staff,
    query: mutedListQuery,
    success: { code: 'admin.muteUserAll.ok' },
    errors: DENIED,
    handler: async ({ query, user, services }) => {
      const { rows, total } = await mutedUsers(services, query);
      return ok('admin.muteUserAll.ok', rows.map((r) => presentStaffUser(r, user.privileges)), { total });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/admin/blockedUserAll',
    tag: TAG,
    summary: 'Banned (blacklisted) users, latest first; exact total.',
    area: 'admin.blockedUserAll',
    auth: 'required',
    policy: adminPolicy.superStaff,
    query: blockedListQuery,
    success: { code: 'admin.blockedUserAll.ok' },
    errors: DENIED,
    handler: async ({ query, user, services }) => {
      const { rows, total } = await blockedUsers(services, query);
      return ok('admin.blockedUserAll.ok', rows.map((r) => presentStaffUser(r, user.privileges)), { total });
    },
  }),
  defineRoute({
    method: 'post',
    path: '/user/signin4comm',
    tag: TAG,
    summary: 'Dev tooling: check another account’s credentials without signing in as it.',
    area: 'signin',
    auth: 'required',
    policy: adminPolicy.devOnly,
    body: signin4commBody,
    captcha: 'skippable',
    success: { code: 'signin.success' },
    errors: [...DENIED, 'signin.noSuchUser', 'request.rateLimited', 'captcha.bad', 'captcha.wrong', 'captcha.expired'],
    handler: async ({ body, services }) => {
      const row = await userByLogin(services.db, body.data.username);
      // The same per-account counter as sign-in: failures here count towards the same lock (no brute force by a dev).
      const attempts = failedAttempts(services, 'signinAccount', row ? `#${row.id}` : body.data.username);
      await attempts.assertOpen();
      const passwordOk = row ? await verifyPassword(row.passwordHash, body.data.password) : await verifyNothing(body.data.password);
      if (!row || !row.valid || !passwordOk) {
        await attempts.failed();
        throw new AppError('signin.noSuchUser');
      }
      await attempts.succeeded();
      return ok('signin.success', { username: row.username, userid: row.id, usermail: row.originEmail });
    },
  }),
];
