import { rules } from '@shared/policy';
import { defineRoute, type AnyRoute } from '@server/http/route';
import { ok, sendError } from '@server/http/envelope';
import { healthReport } from './health';

export const siteRoutes: AnyRoute[] = [
  defineRoute({
    method: 'get',
    path: '/health',
    tag: 'Site',
    summary: 'State of the database, Redis, mail and the platform directory (503 when one is down).',
    area: 'health',
    auth: 'none',
    policy: rules.anyone,
    success: { code: 'health.ok' },
    errors: ['health.degraded'],
    handler: async ({ services, res }) => {
      const report = await healthReport(services);
      if (report.healthy) return ok('health.ok', report.checks);
      // A failure in the error envelope, with the checks beside it for monitors.
      sendError(res, 503, 'health.degraded', 'a dependency is down', { data: report.checks });
      return ok('health.degraded');
    },
  }),
];
