import { rules } from '@shared/policy';
import { judgementBody, judgementLogBody, votesQuery } from '@shared/schemas/judgement';
import { defineRoute, type AnyRoute } from '@server/http/route';
import { ok } from '@server/http/envelope';
import { AppError } from '@server/app-error';
import { findCase } from '@server/modules/cases/queries';
import { judgeCase } from './judge';
import { judgementLog } from './log';
import { tallyOf } from './votes';
import { judgementPolicy } from './policy';

const TAG = 'Judgement';

export const judgementRoutes: AnyRoute[] = [
  defineRoute({
    method: 'post',
    path: '/player/judgement',
    appScope: 'judge',
    tag: TAG,
    summary:
      'Judge a case (admin, super, root; `kill` super and root only). Cheat methods are required for guilt and kill. Votes are counted with the case locked: two distinct consecutive guilt/kill votes confirm a case in status 6. On a case under appeal, guilt/kill fail the appeal and innocent/farm/invalid/suspect accept it.',
    area: 'judgement',
    auth: 'required',
    policy: judgementPolicy.judge,
    body: judgementBody,
    success: { code: 'judgement.success' },
    errors: ['judgement.bad', 'judgement.spam', 'judgement.notFound', 'judgement.permissionDenied', 'judgement.appealLock'],
    handler: async ({ user, body, services }) => ok('judgement.success', await judgeCase(services, user, body.data), { message: 'Thank you.' }),
  }),
  defineRoute({
    method: 'get',
    path: '/player/votes',
    tag: TAG,
    summary: 'The running tally of a case: the admins whose consecutive guilt/kill votes count towards confirming it, and how many are needed.',
    area: 'votes',
    auth: 'none',
    policy: rules.anyone,
    query: votesQuery,
    success: { code: 'votes.ok' },
    errors: ['votes.notFound'],
    handler: async ({ query, services }) => {
      const row = await findCase(services.db, query);
      if (!row) throw new AppError('votes.notFound');
      return ok('votes.ok', await tallyOf(services.db, row));
    },
  }),
  defineRoute({
    method: 'post',
    path: '/admin/judgementLog',
    tag: TAG,
    summary: 'Every judgement, newest first, filtered by admin (`userId` or `userName`), case (`dbId`) and time (staff).',
    area: 'judgementLog',
    auth: 'required',
    policy: judgementPolicy.log,
    readsByPost: true,
    body: judgementLogBody,
    success: { code: 'judgementLog.ok' },
    errors: ['user.permissionDenied'],
    handler: async ({ body, services }) => {
      const { data, total } = await judgementLog(services.db, body);
      return ok('judgementLog.ok', data, { total });
    },
  }),
];
