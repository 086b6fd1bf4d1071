import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { roomOf, type RoomEvent } from '@shared/socket';
import { RoomCursor } from '@client/realtime/roomCursor';
import type { FeedCase, FeedItem, FeedPage } from '@shared/types/feed';
import { realtimeEvents } from '@server/db/schema';
import { FEED_RETENTION_MS, purgeAndForget } from '@server/jobs/maintenance';
import { collectEvents, createTestApp, joinRoom, nextEvent, type TestApp } from '@server/test/harness';
import { expectError, expectInvalid, expectOk, ISO_DATE } from '@server/test/expect';
import { openCase, report } from '@server/test/cases';
import { countingCalls } from '@server/test/counting-calls';
import { feedItems } from './queries';
import { recentChanges, recentItems } from './recent';

let app: TestApp;
let bot: string;
let superToken: string;
beforeAll(async () => {
  app = await createTestApp();
  ({ token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true }));
  ({ token: superToken } = await app.factories.signedIn({ privileges: ['super'] }));
});
afterAll(() => app?.close());

let reasons = 0;
function judge(dbId: number, action: 'kill' | 'innocent' | 'suspect' | 'discuss') {
  const methods = action === 'kill' ? { cheatMethods: ['aimbot'], hackerLevel: 3 } : {};
  return app.request
    .post('/api/player/judgement')
    .set('x-access-token', superToken)
    .send({ data: { toPlayerId: dbId, action, content: `<p>Note ${++reasons}: ${crypto.randomUUID()} ${crypto.randomUUID()}</p>`, ...methods } });
}

/** The relay numbers the feed's changes right after commit: a poll after a write waits for it. */
const numbered = () => app.server.realtime.settled();

async function poll(query: string): Promise<FeedPage> {
  await numbered();
  const res = await app.request.get(`/api/feed/cases${query}`);
  expectOk(res, 'feed.ok');
  return res.body.data as FeedPage;
}

/** Every change after `since`, following `more` to the end. */
async function pollAll(since: string, filters = ''): Promise<{ items: FeedItem[]; cursor: string }> {
  const items: FeedItem[] = [];
  let cursor = since;
  for (;;) {
    const page = await poll(`?since=${cursor}${filters}`);
    items.push(...page.items);
    cursor = page.cursor;
    if (!page.more) return { items, cursor };
  }
}

/** The feed's newest cursor now. */
const head = async () => (await poll('?limit=1000')).cursor;

function parseExport(text: string) {
  const lines = text.trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
  return { first: lines[0] as { cursor: string }, cases: lines.slice(1, -1) as unknown as FeedCase[], last: lines[lines.length - 1] as { end: boolean; cases: number } };
}

describe('GET /api/feed/cases', () => {
  it('tells each creation and change of status, name and games in order, with the ids GET /api/player takes', async () => {
    const from = await head();
    const { account, dbId } = await openCase(app, bot);
    expectOk(await judge(dbId, 'kill'), 'judgement.success');
    app.directory.add({ ...account, name: `${account.name}_x` });
    const { token } = await app.factories.signedIn();
    expectOk(await app.request.post('/api/player/update').set('x-access-token', token).send({ dbId }), 'update.success');
    expectOk(await report(app, bot, { name: `${account.name}_x` }, { game: 'bfv', description: '<p>Seen again in another game, same tracking.</p>' }), 'report.success');
    // A reply changes none of what the feed follows.
    expectOk(await judge(dbId, 'kill'), 'judgement.success');

    const { items, cursor } = await pollAll(from);
    const mine = items.filter((i) => i.dbId === dbId);
    expect(mine.map((i) => i.changed)).toEqual([['created'], ['status'], ['name'], ['games']]);
    expect(mine[0]).toMatchObject({ personaId: account.personaId, userId: account.userId, name: account.name, games: ['bf1'], status: 0, previousStatus: null });
    expect(mine[1]).toMatchObject({ status: 1, previousStatus: 0, hackerLevel: 3 });
    expect(mine[2]).toMatchObject({ name: `${account.name}_x`, status: 1, previousStatus: 1 });
    expect(mine[3]).toMatchObject({ games: ['bf1', 'bfv'], status: 1 });
    for (const item of mine) expect(item.at).toMatch(ISO_DATE);
    const numbers = items.map((i) => Number(i.cursor));
    expect(numbers).toEqual(numbers.map((_, k) => Number(from) + 1 + k));
    expect(cursor).toBe(items[items.length - 1]!.cursor);
    const player = await app.request.get(`/api/player?personaId=${mine[0]!.personaId}`);
    expect(player.body.data.id).toBe(dbId);
  });

  it('resumes from any cursor, pages by limit, and answers an empty page at the head', async () => {
    const from = await head();
    const cases = [await openCase(app, bot), await openCase(app, bot), await openCase(app, bot)];
    const all = (await pollAll(from)).items;
    expect(all.map((i) => i.dbId)).toEqual(cases.map((c) => c.dbId));
    const first = await poll(`?since=${from}&limit=2`);
    expect(first.items.map((i) => i.dbId)).toEqual(cases.slice(0, 2).map((c) => c.dbId));
    expect(first).toMatchObject({ cursor: first.items[1]!.cursor, more: true });
    const rest = await poll(`?since=${first.cursor}`);
    expect(rest.items.map((i) => i.dbId)).toEqual([cases[2]!.dbId]);
    expect(await poll(`?since=${rest.cursor}`)).toEqual({ items: [], cursor: rest.cursor, more: false });
    expect((await poll(`?since=${all[0]!.cursor}`)).items.map((i) => i.dbId)).toEqual(cases.slice(1).map((c) => c.dbId));
  });

  it('filters by status, into or out of it, and by game, moving the cursor past what does not match', async () => {
    const from = await head();
    const a = await openCase(app, bot);
    const b = await openCase(app, bot, { game: 'bf4' });
    await judge(a.dbId, 'kill');
    await judge(a.dbId, 'innocent');
    await judge(b.dbId, 'suspect');
    const confirmed = await pollAll(from, '&status=1');
    expect(confirmed.items.map((i) => [i.dbId, i.previousStatus, i.status])).toEqual([
      [a.dbId, 0, 1],
      [a.dbId, 1, 3],
    ]);
    expect(confirmed.cursor).toBe(await head());
    const bf4 = await pollAll(from, '&games=bf4,bfv');
    expect(bf4.items.map((i) => [i.dbId, i.changed])).toEqual([
      [b.dbId, ['created']],
      [b.dbId, ['status']],
    ]);
    const both = await pollAll(from, '&status=2&status=3&games=bf1');
    expect(both.items.map((i) => [i.dbId, i.status])).toEqual([[a.dbId, 3]]);
  });

  it('answers from the changes a node keeps exactly what the database answers, filter by filter', async () => {
    const from = Number(await head());
    const a = await openCase(app, bot, { game: 'bfv' });
    const b = await openCase(app, bot, { game: 'bf6' });
    await judge(a.dbId, 'kill');
    await judge(b.dbId, 'suspect');
    await judge(a.dbId, 'innocent');
    const to = Number(await head());
    const recent = await recentChanges(app.services, to);
    const filters = [{}, { status: [1] }, { status: [0, 2] }, { status: [3, 9] }, { games: ['bfv'] }, { games: ['bf6', 'bf4'] }, { status: [1], games: ['bf6'] }];
    for (const f of filters) {
      const fromDb = await feedItems(app.services.db, from, to, f, 1000);
      expect(recentItems(recent, from, to, f, 1000), JSON.stringify(f)).toEqual(fromDb);
      expect(fromDb.length, JSON.stringify(f)).toBeLessThanOrEqual(5);
    }
    expect((await feedItems(app.services.db, from, to, { status: [1] }, 1000)).length).toBe(2);
  });

  it('keeps commit order under concurrent changes: polling while they commit misses none and repeats none', async () => {
    const from = await head();
    const cases = await Promise.all(Array.from({ length: 6 }, () => openCase(app, bot)));
    const seen: FeedItem[] = [];
    let cursor = await head();
    let writing = true;
    const writes = Promise.all(cases.flatMap((c) => [judge(c.dbId, 'suspect').then(() => judge(c.dbId, 'kill'))])).finally(() => (writing = false));
    while (writing) {
      const page = await poll(`?since=${cursor}`);
      seen.push(...page.items);
      cursor = page.cursor;
    }
    await writes;
    seen.push(...(await pollAll(cursor)).items);
    expect(seen.map((i) => Number(i.cursor))).toEqual(seen.map((_, k) => Number(seen[0]!.cursor) + k));
    for (const c of cases) expect(seen.filter((i) => i.dbId === c.dbId).map((i) => i.status)).toEqual([2, 1]);
    expect(Number(seen[0]!.cursor)).toBeGreaterThan(Number(from));
  });

  it('answers 304 to an idle poll holding its ETag, without reading the database, and 200 once something changed', async () => {
    const cursor = await head();
    const first = await app.request.get(`/api/feed/cases?since=${cursor}&status=1`);
    expectOk(first, 'feed.ok');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"\d+-[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=1');
    // As `fetch` sends a conditional request: `no-cache` is for caches, the server still answers 304.
    const idle = async () => app.request.get(`/api/feed/cases?since=${cursor}&status=1`).set('If-None-Match', etag).set('Cache-Control', 'no-cache');
    await idle();
    const { result: again, calls } = await countingCalls(app.services.db, 'select', () => countingCalls(app.services.db, 'execute', idle));
    expect(again.result.status).toBe(304);
    expect(again.result.headers.etag).toBe(etag);
    expect(calls + again.calls).toBe(0);
    // Another query is another answer.
    expect((await app.request.get(`/api/feed/cases?since=${cursor}&status=2`).set('If-None-Match', etag)).status).toBe(200);

    const { dbId } = await openCase(app, bot);
    await judge(dbId, 'kill');
    await numbered();
    const changed = await idle();
    expectOk(changed, 'feed.ok');
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body.data.items.map((i: FeedItem) => i.dbId)).toEqual([dbId]);
  });

  it('refuses bad queries with feed.bad', async () => {
    expectInvalid(await app.request.get('/api/feed/cases?since=abc'), 'feed.bad', 'since');
    expectInvalid(await app.request.get('/api/feed/cases?since=-1'), 'feed.bad', 'since');
    expectInvalid(await app.request.get('/api/feed/cases?status=10'), 'feed.bad', 'status.0');
    expectInvalid(await app.request.get('/api/feed/cases?status=one'), 'feed.bad', 'status.0');
    expectInvalid(await app.request.get('/api/feed/cases?games=quake'), 'feed.bad', 'games.0');
    expectInvalid(await app.request.get('/api/feed/cases?limit=0'), 'feed.bad', 'limit');
    expectInvalid(await app.request.get('/api/feed/cases?limit=1001'), 'feed.bad', 'limit');
    expectInvalid(await app.request.get('/api/feed/cases/export?status=x'), 'feedExport.bad', 'status.0');
  });

  it('answers 410 to a cursor it never handed out', async () => {
    const res = await app.request.get(`/api/feed/cases?since=${Number(await head()) + 1000}`);
    expectError(res, 410, 'feed.expired');
    expect(res.headers.etag).toBeUndefined();
  });
});

describe('GET /api/feed/cases/export', () => {
  it('streams the listed cases as NDJSON with the cursor to continue from, which the feed continues exactly', async () => {
    const listed = await openCase(app, bot);
    await judge(listed.dbId, 'kill');
    await numbered();
    const res = await app.request.get('/api/feed/cases/export').buffer(true).parse((r, done) => {
      let text = '';
      r.setEncoding('utf8');
      r.on('data', (c: string) => (text += c));
      r.on('end', () => done(null, text));
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
    const { first, cases, last } = parseExport(res.body as string);
    expect(first.cursor).toBe(res.headers['feed-cursor']);
    expect(first.cursor).toBe(await head());
    expect(last).toEqual({ end: true, cases: cases.length });
    expect(cases.find((c) => c.dbId === listed.dbId)).toMatchObject({ personaId: listed.account.personaId, userId: listed.account.userId, status: 1, hackerLevel: 3 });
    expect(cases.map((c) => c.dbId)).toEqual([...cases.map((c) => c.dbId)].sort((x, y) => x - y));

    // What changes after the export is what the feed tells from its cursor.
    await judge(listed.dbId, 'innocent');
    const after = await pollAll(first.cursor);
    expect(after.items.map((i) => [i.dbId, i.status])).toEqual([[listed.dbId, 3]]);
  });

  it('filters like the feed and compresses with gzip when accepted', async () => {
    const other = await openCase(app, bot, { game: 'bf3' });
    const res = await app.request
      .get('/api/feed/cases/export?games=bf3&status=0')
      .set('Accept-Encoding', 'gzip')
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    const { cases, last } = parseExport((res.body as Buffer).toString('utf8'));
    expect(cases.map((c) => c.dbId)).toContain(other.dbId);
    expect(cases.every((c) => c.games.includes('bf3') && c.status === 0)).toBe(true);
    expect(last.cases).toBe(cases.length);
    const raw = await new Promise<Buffer>((resolve, reject) => {
      const url = new URL('/api/feed/cases/export?games=bf3', app.url);
      void import('node:http').then(({ get }) =>
        get(url, { headers: { 'accept-encoding': 'gzip' } }, (r) => {
          expect(r.headers['content-encoding']).toBe('gzip');
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => resolve(Buffer.concat(chunks)));
        }).on('error', reject),
      );
    });
    expect(parseExport(zlib.gunzipSync(raw).toString('utf8')).cases.map((c) => c.dbId)).toContain(other.dbId);
  });
});

describe('the feed:cases room', () => {
  it('delivers each change live with the feed cursor as its sequence, and replays what a re-join missed', async () => {
    const from = await head();
    const socket = await app.socket();
    const joined = await joinRoom(socket, roomOf.caseFeed);
    expect(joined).toMatchObject({ ok: true });
    expect(joined.ok && joined.lastSeq).toBe(Number(from));
    const { dbId } = await openCase(app, bot);
    const live = await nextEvent(socket, (e) => e.name === 'feed.case' && e.payload.dbId === dbId);
    const [item] = (await pollAll(from)).items;
    expect(live.seq).toBe(Number(item!.cursor));
    expect(live.payload).toEqual(Object.fromEntries(Object.entries(item!).filter(([k]) => k !== 'cursor')));
    socket.disconnect();

    await judge(dbId, 'kill');
    await numbered();
    const again = await app.socket();
    const events = collectEvents(again);
    const rejoined = await joinRoom(again, roomOf.caseFeed, live.seq);
    expect(rejoined).toMatchObject({ ok: true, replayed: 1 });
    // Through Redis a live copy of the change may reach the socket as it joins, beside the replay's:
    // the client's cursor passes it on once (docs/architecture.md, "Join, then read").
    const cursor = new RoomCursor<RoomEvent>(live.seq);
    await expect.poll(() => events.length).toBeGreaterThan(0);
    const passedOn = events.flatMap((e) => cursor.receive(e));
    expect(passedOn).toHaveLength(1);
    expect(passedOn[0]).toMatchObject({ room: 'feed:cases', seq: live.seq + 1, name: 'feed.case', payload: { dbId, status: 1 } });
    expect(events.every((e) => e.seq === live.seq + 1)).toBe(true);
    again.disconnect();
  });
});

describe('retention', () => {
  it('keeps the feed 30 days where other rooms keep 7, then answers 410 to a cursor whose changes are gone', async () => {
    const from = await head();
    const { dbId } = await openCase(app, bot);
    await judge(dbId, 'kill');
    const week = Date.now() + 8 * 24 * 60 * 60 * 1000;
    await purgeAndForget(app.services, week);
    expect((await pollAll(from)).items.map((i) => i.dbId)).toEqual([dbId, dbId]);

    await purgeAndForget(app.services, Date.now() + FEED_RETENTION_MS + 1000);
    const kept = await app.services.db.select({ id: realtimeEvents.id }).from(realtimeEvents).where(eq(realtimeEvents.room, roomOf.caseFeed));
    expect(kept).toEqual([]);
    expectError(await app.request.get(`/api/feed/cases?since=${from}`), 410, 'feed.expired');
    // The head still resumes (nothing after it was lost), and a new change is told after it.
    const now = await head();
    expect((await poll(`?since=${now}`)).items).toEqual([]);
    await judge(dbId, 'innocent');
    expect((await pollAll(now)).items.map((i) => i.status)).toEqual([3]);
  });
});
