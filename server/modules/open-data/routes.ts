import { pipeline } from 'node:stream/promises';
import { rules } from '@shared/policy';
import { LIMITS } from '@shared/limits';
import { DUMP_FILES } from '@shared/open-data';
import { dumpFileQuery } from '@shared/schemas/open-data';
import { defineRoute, type AnyRoute } from '@server/http/route';
import { ok } from '@server/http/envelope';
import { cacheControlValue, PUBLIC_READ } from '@server/http/cache-control';
import { AppError } from '@server/app-error';
import { dumpOfDay, listDumps } from './produce';
import { presentDump } from './present';

const TAG = 'Open data';
const CONTENT_TYPES = { ndjson: 'application/gzip', csv: 'application/gzip', schema: 'application/json; charset=utf-8' } as const;

export const openDataRoutes: AnyRoute[] = [
  defineRoute({
    method: 'get',
    path: '/dumps',
    tag: TAG,
    summary: `The daily open-data dumps of the last ${LIMITS.dumpKeepDays} days, newest first: public case data (cases, statuses, verdict counts, earlier names; nothing about members) as gzipped NDJSON and CSV, with a schema description, each file with its size, SHA-256 and download path.`,
    area: 'dumps',
    auth: 'none',
    policy: rules.anyone,
    cache: PUBLIC_READ,
    success: { code: 'dumps.ok' },
    handler: async ({ services }) => ok('dumps.ok', (await listDumps(services)).map(presentDump), { keepMs: 60_000 }),
  }),
  defineRoute({
    method: 'get',
    path: '/dumps/file',
    tag: TAG,
    summary: 'One file of a day’s dump (`kind`: ndjson, csv or schema), as an attachment: the gzip files as they are stored (check them against the SHA-256 listed by GET /api/dumps).',
    area: 'dumps',
    auth: 'none',
    policy: rules.anyone,
    query: dumpFileQuery,
    rateLimit: 'dumpFiles',
    success: { code: 'dumps.ok' },
    errors: ['dumps.notFound'],
    handler: async ({ req, res, query, services }) => {
      const dump = await dumpOfDay(services, query.day);
      const file = dump?.files.find((f) => f.kind === query.kind);
      const stream = dump && file ? await services.storage.read(file.name) : null;
      if (!dump || !file || !stream) throw new AppError('dumps.notFound');
      res.setHeader('Content-Type', CONTENT_TYPES[query.kind]);
      res.setHeader('Content-Length', String(file.bytes));
      res.setHeader('Content-Disposition', `attachment; filename="${dump.day}-${DUMP_FILES[query.kind]}"`);
      // A day's file never changes: kept a day by anyone, except an answer to an application's key (counted, `cache-control.ts`).
      res.setHeader('Cache-Control', cacheControlValue({ auth: 'none' }, req, { maxAge: 86_400, immutable: true }));
      await pipeline(stream, res).catch((err: unknown) => services.log.warn({ err }, 'dump download ended early'));
      return ok('dumps.ok');
    },
  }),
];
