import { approvalCodeBody, approvalCodeQuery, externalAuthBody, revokeAppBody } from '@shared/schemas/external-auth';
import { defineRoute, type AnyRoute } from '@server/http/route';
import { ok } from '@server/http/envelope';
import { codeAttempt } from '@server/http/user-limit';
import { externalAuthPolicy } from './policy';
import {
  authTextFor,
  confirmAppAuthorization,
  describeAppAuthorization,
  listUserApps,
  refuseAppAuthorization,
  requestAppAuthorization,
  revokeUserApp,
} from './service';

const TAG = 'External authorization';

export const externalAuthRoutes: AnyRoute[] = [
  defineRoute({
    method: 'post',
    path: '/service/externalAuth',
    tag: TAG,
    summary:
      'A bot or staff account asks a user to authorize an app: `{id, appName, appId, EXPIRES_IN (ms), CALLBACK_PATH (https)}`. The user gets a mail with a single-use approval link (24 h).',
    area: 'externalAuth',
    auth: 'required',
    policy: externalAuthPolicy.request,
    body: externalAuthBody,
    success: { code: 'externalAuth.success' },
    errors: ['externalAuth.noSuchUser', 'externalAuth.fail', 'mail.error', 'user.permissionDenined'],
    handler: async ({ user, body, services }) => ok('externalAuth.success', await requestAppAuthorization(services, user, body)),
  }),
  defineRoute({
    method: 'get',
    path: '/service/getAuthText',
    tag: TAG,
    summary: 'The line the asking account’s app must publish in `https://<callback host>/auths.txt` before a user’s approval can complete.',
    area: 'getAuthText',
    auth: 'required',
    policy: externalAuthPolicy.request,
    success: { code: 'getAuthText.ok' },
    errors: ['user.permissionDenined'],
    handler: ({ user, services }) => ok('getAuthText.ok', authTextFor(services, user)),
  }),
  defineRoute({
    method: 'get',
    path: '/service/authInfo',
    tag: TAG,
    summary: 'What the approval page shows for a code: the app, its site, who asked, the token’s lifetime, the state. Only the user asked may read it.',
    area: 'appAuth',
    auth: 'required',
    policy: externalAuthPolicy.answer,
    query: approvalCodeQuery,
    rateLimit: 'codes',
    success: { code: 'appAuth.ok' },
    errors: ['appAuth.notFound'],
    handler: async ({ user, query, services }) =>
      ok('appAuth.ok', await codeAttempt(services, user.id, ['appAuth.notFound'], () => describeAppAuthorization(services, user, query.code))),
  }),
  defineRoute({
    method: 'post',
    path: '/service/confirmAuth',
    tag: TAG,
    summary:
      'The user approves `{code}`: the code is spent, the app’s `auths.txt` is checked for the asking account’s line, and `{userId, token}` (an `external-auth` token that may read and report) is POSTed to the app’s callback.',
    area: 'confirmAuth',
    auth: 'required',
    policy: externalAuthPolicy.answer,
    body: approvalCodeBody,
    rateLimit: 'codes',
    success: { code: 'confirmAuth.success' },
    errors: ['confirmAuth.fail', 'confirmAuth.notFound'],
    handler: async ({ user, body, services }) =>
      ok('confirmAuth.success', await codeAttempt(services, user.id, ['confirmAuth.notFound'], () => confirmAppAuthorization(services, user, body))),
  }),
  defineRoute({
    method: 'post',
    path: '/service/refuseAuth',
    tag: TAG,
    summary: 'The user refuses `{code}`: the request ends and the code is spent.',
    area: 'appAuth',
    auth: 'required',
    policy: externalAuthPolicy.answer,
    body: approvalCodeBody,
    rateLimit: 'codes',
    success: { code: 'appAuth.refused' },
    errors: ['appAuth.notFound'],
    handler: async ({ user, body, services }) =>
      ok('appAuth.refused', await codeAttempt(services, user.id, ['appAuth.notFound'], () => refuseAppAuthorization(services, user, body))),
  }),
  defineRoute({
    method: 'get',
    path: '/user/apps',
    tag: TAG,
    summary: 'The apps the user has authorized (and requests still waiting), newest first.',
    area: 'appAuth',
    auth: 'required',
    policy: externalAuthPolicy.own,
    success: { code: 'appAuth.ok' },
    handler: async ({ user, services }) => ok('appAuth.ok', await listUserApps(services, user)),
  }),
  defineRoute({
    method: 'post',
    path: '/user/apps/revoke',
    tag: TAG,
    summary: 'Revokes an app `{id}`: its token stops working at once.',
    area: 'appAuth',
    auth: 'required',
    policy: externalAuthPolicy.own,
    body: revokeAppBody,
    success: { code: 'appAuth.revoked' },
    errors: ['appAuth.notFound'],
    handler: async ({ user, body, services }) => ok('appAuth.revoked', await revokeUserApp(services, user, body)),
  }),
];
