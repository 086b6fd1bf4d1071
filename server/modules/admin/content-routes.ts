import { commentAllQuery, commentAppealQuery, commentTypeListQuery, setCommentBody } from '@shared/schemas/adminContent';
import { hasAdminLevel } from '@shared/privileges';
import { defineRoute, type AnyRoute } from '@server/http/route';
import { ok } from '@server/http/envelope';
import { AppError } from '@server/app-error';
import { commentAll, commentAppeal, commentTypeList, setComment } from './comments';
import { adminPolicy } from './policy';

const TAG = 'Admin';

/** The comment console of the staff: every timeline entry, hidden and deleted ones too. */
export const adminCommentRoutes: AnyRoute[] = [
  defineRoute({
    method: 'get',
    path: '/admin/commentAll',
    tag: TAG,
    summary:
      'Every timeline entry (report, reply, judgement, banAppeal, verify, historyUsername), hidden and deleted ones included, newest first; filters `type` (one or several), `playerId`, `userId`, `createTimeFrom/To`, `state` all|visible|hidden|deleted; exact total. Entries carry `valid`, `deleted` (what a delete set aside) and `editTime`.',
    area: 'admin.commentAll',
    auth: 'required',
    policy: adminPolicy.staff,
    query: commentAllQuery,
    success: { code: 'admin.commentAll.ok' },
    errors: ['user.permissionDenined'],
    handler: async ({ query, services }) => {
      const { data, total } = await commentAll(services.db, query);
      return ok('admin.commentAll.ok', data, { total });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/admin/commentTypeList',
    tag: TAG,
    summary: 'Appeals (`type=banAppeal`, optionally `banAppealStats` unprocessed|accept|fail|lock) or judgements (`type=judgement`, optionally `judgeAction`), hidden ones included; exact total.',
    area: 'admin.commentTypeList',
    auth: 'required',
    policy: adminPolicy.staff,
    query: commentTypeListQuery,
    success: { code: 'admin.commentTypeList.ok' },
    errors: ['user.permissionDenined'],
    handler: async ({ query, services }) => {
      const { data, total } = await commentTypeList(services.db, query);
      return ok('admin.commentTypeList.ok', data, { total });
    },
  }),
  defineRoute({
    method: 'post',
    path: '/admin/setComment',
    tag: TAG,
    summary:
      'Edit an entry’s `content` (sanitised) and `videoLink`, hide (`valid: 0`) or show (`valid: 1`) it. Content emptied with no video link left deletes the entry softly (its text set aside, hidden); `valid: 1` on a deleted entry restores it. Open case pages follow live.',
    area: 'admin.setComment',
    auth: 'required',
    policy: adminPolicy.superStaff,
    body: setCommentBody,
    success: { code: 'admin.setComment.ok' },
    errors: ['admin.setComment.notFound', 'user.permissionDenined'],
    handler: async ({ user, body, services }) => ok('admin.setComment.ok', await setComment(services, user, body.data)),
  }),
  defineRoute({
    method: 'get',
    path: '/admin/commentAppeal',
    tag: TAG,
    summary: 'Appeal entries, newest first, optionally of one state (`banAppealStats`); hidden ones for super staff only; exact total.',
    area: 'admin.commentAppeal',
    auth: 'required',
    policy: adminPolicy.superStaffOrBot,
    query: commentAppealQuery,
    success: { code: 'admin.commentAppeal.ok' },
    errors: ['user.permissionDenined'],
    handler: async ({ query, user, services }) => {
      const { data, total } = await commentAppeal(services.db, query, hasAdminLevel(user.actor.privileges, 2));
      return ok('admin.commentAppeal.ok', data, { total });
    },
  }),
];

const notAvailable = () => {
  throw new AppError('msGraph.notAvailable', 'not available here: files are stored on this server, not on OneDrive');
};

/** The original's OneDrive administration (root only): files are local here, so each answers 410 Gone with a catalogue code (a 4xx: nothing failed on the server, the feature is absent by design). */
export const msGraphRoutes: AnyRoute[] = (
  [
    ['get', '/admin/msGraphStatus', 'msGraphStatus'],
    ['get', '/admin/msGraphInit', 'msGraphInit'],
    ['post', '/admin/msGraphAuthCode', 'msGraphAuthCode'],
  ] as const
).map(([method, path, area]) =>
  defineRoute({
    method,
    path,
    tag: TAG,
    summary: 'OneDrive administration of the original: not available, files are stored locally (answers 410 `msGraph.notAvailable`).',
    area,
    auth: 'required',
    policy: adminPolicy.root,
    success: { code: 'msGraph.notAvailable', status: 410 },
    errors: ['msGraph.notAvailable', 'user.permissionDenined'],
    handler: notAvailable,
  }),
);
