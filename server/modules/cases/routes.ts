import { rules } from '@shared/policy';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { batchBody, batchsQuery, playerQuery, playersQuery, playersStreamQuery, viewedBody } from '@shared/schemas/cases';
import { exemptStaffOrBot } from '@shared/policy';
import { defineRoute, type AnyRoute } from '@server/http/route';
import { PUBLIC_READ } from '@server/http/cache-control';
import { ok } from '@server/http/envelope';
import { AppError } from '@server/app-error';
import { casePolicy } from './policy';
import { casesByKeys, readCase } from './queries';
import { presentCase } from './presenter';
import { caseReadKey, casesListKey, listCasesReply, readCaseReply } from './cached-read';
import { viewsNotStored } from './views';
import { caseStream } from './stream';

const TAG = 'Cases';

export const caseRoutes: AnyRoute[] = [
  defineRoute({
    method: 'get',
    path: '/players',
    tag: TAG,
    summary: 'Cases, filtered by game, status (-1 = all), report and update time; sorted; with the exact total.',
    area: 'players',
    auth: 'none',
    policy: rules.anyone,
    query: playersQuery,
    cache: { maxAge: 10 },
    keep: ({ query }) => casesListKey(query),
    success: { code: 'players.ok' },
    handler: ({ query, read }) => read((db) => listCasesReply(db, query)),
  }),
  defineRoute({
    method: 'get',
    path: '/players/stream',
    tag: TAG,
    summary:
      'Every case matching the filters and sort of `/players` (`limit` has no cap and is optional; no `skip`), as one raw JSON array of case records streamed as it is read (not in the envelope). Bots, admins, super and root.',
    area: 'players',
    auth: 'required',
    policy: casePolicy.stream,
    query: playersStreamQuery,
    success: { code: 'players.ok', bareArray: true },
    handler: async ({ res, query, services }) => {
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      // The response pulls pages as the client reads; a client that leaves ends the stream, a failed read cuts the array short (invalid JSON tells the tool).
      await pipeline(Readable.from(caseStream(services.db, query)), res).catch((err: unknown) => services.log.warn({ err }, 'case stream ended before its end'));
      return ok('players.ok');
    },
  }),
  defineRoute({
    method: 'get',
    path: '/player',
    tag: TAG,
    summary: 'One case by userId, personaId or dbId; `history=true` adds every name it was seen with. `lastSeq`: the sequence of the case\'s room the record is current as of (join it with that to miss no later change).',
    area: 'player',
    auth: 'none',
    policy: rules.anyone,
    query: playerQuery,
    cache: PUBLIC_READ,
    keep: ({ query }) => caseReadKey(query),
    success: { code: 'player.ok' },
    errors: ['player.notFound'],
    handler: ({ query, read, services }) => read((db) => readCaseReply(db, query, (id) => viewsNotStored(services, id))),
  }),
  defineRoute({
    method: 'post',
    path: '/player/batch',
    tag: TAG,
    summary: 'Statuses of many accounts at once: `[{userId|personaId|dbId, status}]`, -1 for accounts without a case.',
    area: 'playerBatch',
    auth: 'optional',
    policy: rules.anyone,
    /** A read, though POSTed: an app's token may call it. */
    appToken: true,
    body: batchBody,
    rateLimit: 'batch',
    success: { code: 'playerBatch.ok' },
    handler: async ({ body, user, services }) => {
      const privileged = !!user && exemptStaffOrBot(user.actor);
      const count = (body.userIds?.length ?? 0) + (body.personaIds?.length ?? 0) + (body.dbIds?.length ?? 0);
      if (count > (privileged ? 10_000 : 80)) throw new AppError('playerBatch.bad', `at most ${privileged ? 10_000 : 80} ids`);
      const rows = await casesByKeys(services.db, body);
      const byUser = new Map(rows.map((r) => [r.originUserId, r.status]));
      const byPersona = new Map(rows.map((r) => [r.originPersonaId, r.status]));
      const byDb = new Map(rows.map((r) => [r.id, r.status]));
      return ok('playerBatch.ok', [
        ...(body.userIds ?? []).map((userId) => ({ userId, status: byUser.get(userId) ?? -1 })),
        ...(body.personaIds ?? []).map((personaId) => ({ personaId, status: byPersona.get(personaId) ?? -1 })),
        ...(body.dbIds ?? []).map((dbId) => ({ dbId, status: byDb.get(dbId) ?? -1 })),
      ]);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/player/batch',
    tag: TAG,
    summary: 'Legacy form used by the mobile app: full case records for `dbIds` (at most 128).',
    area: 'playerBatch',
    auth: 'none',
    policy: rules.anyone,
    query: batchsQuery,
    rateLimit: 'batch',
    success: { code: 'playerBatch.ok' },
    handler: async ({ query, read }) => ok('playerBatch.ok', (await read((db) => casesByKeys(db, query))).map(presentCase)),
  }),
  defineRoute({
    method: 'get',
    path: '/player/batchs',
    tag: TAG,
    summary: 'Full case records for up to 128 ids (bots and staff).',
    area: 'playerBatchs',
    auth: 'required',
    policy: casePolicy.bulk,
    query: batchsQuery,
    success: { code: 'playerBatchs.ok' },
    handler: async ({ query, services }) => ok('playerBatchs.ok', (await casesByKeys(services.db, query)).map(presentCase)),
  }),
  defineRoute({
    method: 'post',
    path: '/player/viewed',
    tag: TAG,
    summary: 'Count a view of a case: once per viewer per hour.',
    area: 'viewed',
    auth: 'optional',
    policy: rules.anyone,
    /** A read, though POSTed: an app's token may call it. */
    appToken: true,
    body: viewedBody,
    rateLimit: 'viewed',
    success: { code: 'viewed.ok' },
    errors: ['viewed.notFound'],
    handler: async ({ body, user, ip, services }) => {
      const row = await readCase(services.db, { dbId: body.data.id });
      if (!row) throw new AppError('viewed.notFound');
      const viewer = user ? `u${user.id}` : `ip${ip}`;
      const counted = await services.store.setOnce(`viewed:${row.id}:${viewer}`, 60 * 60 * 1000);
      if (counted) services.views.add({ id: row.id, views: 1 });
      return ok('viewed.ok', { counted, viewNum: row.viewNum + viewsNotStored(services, row.id) });
    },
  }),
];
