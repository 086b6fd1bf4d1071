import { adminLogQuery } from '@shared/schemas/admin';
import { defineRoute, type AnyRoute } from '@server/http/route';
import { ok } from '@server/http/envelope';
import { readAdminLog } from './log';
import { adminPolicy } from './policy';

const TAG = 'Admin';

export const adminLogRoutes: AnyRoute[] = [
  defineRoute({
    method: 'get',
    path: '/admin/adminLog',
    tag: TAG,
    summary: 'Every staff write (role changes, mutes, comment edits, deletions …), newest first; filters by actor, target user, action and time; exact total.',
    area: 'adminLog',
    auth: 'required',
    policy: adminPolicy.superStaff,
    query: adminLogQuery,
    success: { code: 'adminLog.ok' },
    errors: ['user.permissionDenied'],
    handler: async ({ query, services }) => {
      const { data, total } = await readAdminLog(services.db, query);
      return ok('adminLog.ok', data, { total });
    },
  }),
];
