import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { rules } from '@shared/policy';
import { feedExportQuery, feedQuery } from '@shared/schemas/feed';
import { defineRoute, type AnyRoute } from '@server/http/route';
import { ok } from '@server/http/envelope';
import { feedPage, feedPageKey, feedPoll } from './poll';
import { exportCursor, exportLines } from './export';

const TAG = 'Feed';

export const feedRoutes: AnyRoute[] = [
  defineRoute({
    method: 'get',
    path: '/feed/cases',
    tag: TAG,
    summary:
      'The ban-list feed: every creation and change of status, name or games of a case, in commit order, after the cursor `since` (absent: the oldest kept), with the cursor to poll from next. `status` keeps changes into or out of the listed statuses, `games` cases reported in one of the games. Send the ETag back in `If-None-Match`: 304 while nothing changed. A cursor whose changes are gone (30 days) answers 410: re-sync from the export.',
    area: 'feed',
    auth: 'none',
    policy: rules.anyone,
    query: feedQuery,
    rateLimit: 'feed',
    cache: { maxAge: 1 },
    success: { code: 'feed.ok' },
    errors: ['feed.expired'],
    etag: async ({ query, services }) => (await feedPoll(services, query)).tag,
    keep: ({ query }) => feedPageKey(query),
    handler: async ({ query, services }) => feedPage(services, query, (await feedPoll(services, query)).head),
  }),
  defineRoute({
    method: 'get',
    path: '/feed/cases/export',
    tag: TAG,
    summary:
      'Every listed case (filtered like the feed by `status` and `games`) as NDJSON, compressed when accepted: a first line `{"cursor"}` to poll the feed from (also the `Feed-Cursor` header), a line per case, a last line `{"end":true,"cases":n}`.',
    area: 'feedExport',
    auth: 'none',
    policy: rules.anyone,
    query: feedExportQuery,
    rateLimit: 'feedExport',
    success: { code: 'feedExport.ok' },
    handler: async ({ res, query, services }) => {
      const cursor = await exportCursor(services);
      res.setHeader('Content-Type', 'application/x-ndjson; charset=utf-8');
      res.setHeader('Feed-Cursor', cursor);
      // A client that leaves mid-way ends the stream; a failed read cuts it before the last line, which tells the tool.
      await pipeline(Readable.from(exportLines(services, query, cursor)), res).catch((err: unknown) => services.log.warn({ err }, 'feed export ended before its last line'));
      return ok('feedExport.ok');
    },
  }),
];
