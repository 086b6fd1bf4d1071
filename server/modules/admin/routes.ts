import { hasAdminLevel } from '@shared/privileges';
import { adminLogQuery, chatLogQuery, userOperationLogsQuery, verificationsQuery } from '@shared/schemas/admin';
import { defineRoute, type AnyRoute } from '@server/http/route';
import { ok } from '@server/http/envelope';
import { readAdminLog } from './log';
import { adminPolicy } from './policy';
import { readChatLog, readUserOperations, readVerifications } from './records';
import { userStatsReply } from './user-stats';

const TAG = 'Admin';

export const adminLogRoutes: AnyRoute[] = [
  defineRoute({
    method: 'get',
    path: '/admin/adminLog',
    tag: TAG,
    summary: 'Every staff write (role changes, mutes, comment edits, deletions …), newest first; filters by actor, target user, action and time; exact total.',
    area: 'admin.adminLog',
    auth: 'required',
    policy: adminPolicy.staff,
    query: adminLogQuery,
    success: { code: 'admin.adminLog.ok' },
    errors: ['user.permissionDenied'],
    handler: async ({ query, services }) => {
      const { data, total } = await readAdminLog(services.db, query);
      return ok('admin.adminLog.ok', data, { total });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/admin/userOperationLogs',
    tag: TAG,
    summary:
      'What users did to their own accounts (sign-up, sign-in, sign-out, password change and reset, rename, binding), newest first; filters by user (`id`), kind and time; exact total. The addresses are shown to root and dev only.',
    area: 'admin.userOperationLogs',
    auth: 'required',
    policy: adminPolicy.superStaff,
    query: userOperationLogsQuery,
    success: { code: 'admin.userOperationLogs.ok' },
    errors: ['user.permissionDenined'],
    handler: async ({ query, user, services }) => {
      const { data, total } = await readUserOperations(services.db, query, hasAdminLevel(user.privileges, 3));
      return ok('admin.userOperationLogs.ok', data, { total });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/admin/chatLog',
    tag: TAG,
    summary: 'Every message (direct, notices, warnings, pushes), newest first; filters by sender, recipient, type and time; exact total.',
    area: 'admin.chatLog',
    auth: 'required',
    policy: adminPolicy.superStaff,
    query: chatLogQuery,
    success: { code: 'admin.chatLog.ok' },
    errors: ['user.permissionDenined'],
    handler: async ({ query, services }) => {
      const { data, total } = await readChatLog(services.db, query);
      return ok('admin.chatLog.ok', data, { total });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/admin/verifications',
    tag: TAG,
    summary: 'Pending sign-up, binding and reset codes (who, kind, created, expires), newest first; never the code. Root and dev.',
    area: 'verifications',
    auth: 'required',
    policy: adminPolicy.rootOrDev,
    query: verificationsQuery,
    success: { code: 'verifications.ok' },
    errors: ['user.permissionDenined'],
    handler: async ({ query, services }) => {
      const { data, total } = await readVerifications(services.db, query);
      return ok('verifications.ok', data, { total });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/admin/userStats',
    tag: TAG,
    summary: 'Judgements and replies per admin per day (30 days) and month (12 months), and the admins idle for more than 30 days; computed at most once an hour.',
    area: 'admin.userStats',
    auth: 'required',
    policy: adminPolicy.staff,
    keep: () => 'admin:userStats',
    success: { code: 'admin.userStats.ok' },
    errors: ['user.permissionDenined'],
    handler: ({ services }) => userStatsReply(services),
  }),
];
