import { reportBody, reportByIdBody } from '@shared/schemas/cases';
import { defineRoute, type AnyRoute } from '@server/http/route';
import { ok } from '@server/http/envelope';
import { AppError } from '@server/app-error';
import { reportPolicy } from './policy';
import { lookupAccount } from '@server/modules/cases/platform-sync';
import { checkEvidence } from './evidence';
import { fileReport } from './report';

const TAG = 'Reports';
const ERRORS = ['captcha.bad', 'captcha.wrong', 'captcha.expired', 'user.needBindEaAccount', 'user.permissionDenined'];

export const reportRoutes: AnyRoute[] = [
  defineRoute({
    method: 'post',
    path: '/player/report',
    appScope: 'report',
    tag: TAG,
    summary: 'Report one platform account by name, with evidence (a video-site link or an image); creates or reopens its case.',
    area: 'report',
    auth: 'required',
    policy: reportPolicy.report,
    appToken: true,
    body: reportBody,
    captcha: 'skippable',
    success: { code: 'report.success' },
    errors: ['report.notFound', 'report.spam', 'report.error', ...ERRORS],
    handler: async ({ user, body, services }) => {
      checkEvidence(body.data.description, body.data.videoLink, 'report.bad');
      const account = await lookupAccount(services, { name: body.data.originName }, 'report.error');
      if (!account) throw new AppError('report.notFound', 'no platform account with this name');
      return ok('report.success', await fileReport(services, user, account, body.data, 'report'), { message: 'Thank you.' });
    },
  }),
  defineRoute({
    method: 'post',
    path: '/player/reportById',
    appScope: 'report',
    tag: TAG,
    summary: 'Report by platform user id or persona id instead of name.',
    area: 'reportById',
    auth: 'required',
    policy: reportPolicy.reportById,
    appToken: true,
    body: reportByIdBody,
    captcha: 'skippable',
    success: { code: 'report.success' },
    errors: ['reportById.notFound', 'reportById.spam', 'reportById.error', ...ERRORS],
    handler: async ({ user, body, services }) => {
      checkEvidence(body.data.description, body.data.videoLink, 'reportById.bad');
      const ref = body.data.originUserId ? { userId: body.data.originUserId } : { personaId: body.data.originPersonaId! };
      const account = await lookupAccount(services, ref, 'reportById.error');
      if (!account) throw new AppError('reportById.notFound', 'no platform account with this id');
      return ok('report.success', await fileReport(services, user, account, body.data, 'reportById'), { message: 'Thank you.' });
    },
  }),
];
