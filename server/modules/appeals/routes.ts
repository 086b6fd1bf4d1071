import { banAppealBody, setAppealBody, viewBanAppealBody } from '@shared/schemas/judgement';
import { defineRoute, type AnyRoute } from '@server/http/route';
import { ok } from '@server/http/envelope';
import { commentLimit } from '@server/modules/timeline/policy';
import { appealPolicy } from './policy';
import { presentEntries } from '@server/modules/timeline/queries';
import { fileAppeal } from './appeal';
import { ownOrigins } from '@server/modules/files/origins';
import { failAppeal, viewAppeal } from './review';

const TAG = 'Appeals';

export const appealRoutes: AnyRoute[] = [
  defineRoute({
    method: 'post',
    path: '/player/banAppeal',
    appScope: 'appeal',
    tag: TAG,
    summary:
      'Appeal a confirmed or suspected case (status 1 or 2): by the owner of its game account (decided from the signed-in user) or super/root/dev; one per 24 h. Types moss (link a zip uploaded with `PUT /service/upload` that contains Logfile.log), farm, other (`none`). The case moves to 9.',
    area: 'banAppeal',
    auth: 'required',
    policy: appealPolicy.file,
    userLimit: commentLimit,
    body: banAppealBody,
    success: { code: 'banAppeal.success', status: 201 },
    errors: ['banAppeal.bad', 'banAppeal.notFound', 'banAppeal.noNeed', 'banAppeal.locked', 'banAppeal.timeLimit', 'user.permissionDenied', 'user.needBindEaAccount', 'request.rateLimited'],
    handler: async ({ req, user, body, services }) => {
      const result = await fileAppeal(services, user, body.data, ownOrigins(services.config.publicUrl, req));
      return ok('banAppeal.success', result, { message: 'Your appeal was filed.' });
    },
  }),
  defineRoute({
    method: 'post',
    path: '/player/viewBanAppeal',
    appScope: 'judge',
    tag: TAG,
    summary:
      'Staff: record that you viewed an appeal (its staff notice clears after two viewers); `status` lock freezes judging, open unlocks, close fails the appeal (the case returns to its status before the appeal).',
    area: 'viewBanAppeal',
    auth: 'required',
    policy: appealPolicy.review,
    body: viewBanAppealBody,
    success: { code: 'viewBanAppeal.success' },
    errors: ['banAppeal.notFound', 'banAppeal.noNeed', 'user.permissionDenied'],
    handler: async ({ user, body, services }) => {
      const { id, status, content } = body.data;
      const row = await viewAppeal(services, user, id, status === 'close' ? undefined : status);
      if (status === 'close') await failAppeal(services, user, row.playerId, content, 'viewBanAppeal');
      const [entry] = await presentEntries(services.db, [row], { staff: true, showAttachment: true });
      return ok('viewBanAppeal.success', entry);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/admin/setAppeal',
    appScope: 'judge',
    tag: TAG,
    summary: 'Staff: fail the open appeal of a case (`toPlayerId`, optional reasoning): the case returns to the status it had before the appeal.',
    area: 'setAppeal',
    auth: 'required',
    policy: appealPolicy.review,
    body: setAppealBody,
    success: { code: 'setAppeal.success' },
    errors: ['setAppeal.notFound', 'banAppeal.noNeed', 'judgement.appealLock', 'user.permissionDenied'],
    handler: async ({ user, body, services }) => {
      return ok('setAppeal.success', await failAppeal(services, user, body.toPlayerId!, body.content));
    },
  }),
];
