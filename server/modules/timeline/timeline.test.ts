import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, joinRoom, nextEvent, collectEvents, type TestApp } from '@server/test/harness';
import { expectError, expectInvalid, expectOk, expectTokenExpired } from '@server/test/expect';
import { openCase } from '@server/test/cases';
import { RoomCursor } from '@client/realtime/roomCursor';

let app: TestApp;
let bot: string;
beforeAll(async () => {
  app = await createTestApp();
  ({ token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true }));
});
afterAll(() => app?.close());

const reply = async (token: string, data: Record<string, unknown>, captcha = true) =>
  app.request
    .post('/api/player/reply')
    .set('x-access-token', token)
    .send({ data, ...(captcha ? { captcha: await app.solveCaptcha() } : {}) });
const timeline = (query: string, token?: string) => {
  const req = app.request.get(`/api/player/timeline?${query}`);
  if (token) req.set('x-access-token', token);
  return req;
};

describe('POST /api/player/reply', () => {
  it('adds a reply that may quote an entry of the same case, and bumps the reply count', async () => {
    const { dbId } = await openCase(app, bot);
    const { user, token } = await app.factories.signedIn();
    const first = (await timeline(`dbId=${dbId}`)).body.data.result[0];
    const res = await reply(token, { toPlayerId: dbId, toCommentId: first.id, content: '<p>I saw it <b>too</b></p>' });
    expectOk(res, 'reply.success');
    expect(res.body.data).toMatchObject({ type: 'reply', byUserId: user.id, toCommentId: first.id, quote: { id: first.id, type: 'report' }, content: { text: '<p>I saw it <b>too</b></p>' } });
    const c = await app.request.get(`/api/player?dbId=${dbId}`);
    expect(c.body.data.commentsNum).toBe(2);
  });

  it('refuses quotes from another case, unknown cases, spam, duplicates and empty text', async () => {
    const a = await openCase(app, bot);
    const b = await openCase(app, bot);
    const { token } = await app.factories.signedIn();
    const other = (await timeline(`dbId=${b.dbId}`)).body.data.result[0];
    expectError(await reply(token, { toPlayerId: a.dbId, toCommentId: other.id, content: '<p>quoting elsewhere</p>' }), 404, 'reply.notFound');
    expectError(await reply(token, { toPlayerId: 2_000_000_000, content: '<p>where</p>' }), 404, 'reply.notFound');
    expectError(await reply(token, { toPlayerId: a.dbId, content: '<p>noooooooooo</p>' }), 403, 'reply.spam');
    expectOk(await reply(token, { toPlayerId: a.dbId, content: '<p>He was prone behind the wall the whole round.</p>' }), 'reply.success');
    expectError(await reply(token, { toPlayerId: a.dbId, content: '<p>He was prone behind the wall the whole round!</p>' }), 409, 'reply.bad');
    expectError(await reply(token, { toPlayerId: a.dbId, content: '<p> </p>' }), 400, 'reply.bad');
    for (const content of ['x', '<p> x </p>', '<p>👍</p>']) {
      const res = await reply(token, { toPlayerId: a.dbId, content });
      expectError(res, 400, 'reply.bad');
      expect(res.body.message).toMatch(/single character/);
    }
    expectOk(await reply(token, { toPlayerId: a.dbId, content: '<p>ok</p>' }), 'reply.success');
    expectInvalid(await reply(token, { toPlayerId: a.dbId, content: 'x'.repeat(5001) }), 'reply.bad', 'data.content');
  });

  it('takes many replies to one case at the same moment: each stored once and counted, watchers see them in sequence, the same text twice is refused once', async () => {
    const { dbId } = await openCase(app, bot);
    const watcher = await app.socket();
    await joinRoom(watcher, `case:${dbId}`);
    const seen = collectEvents(watcher);
    const people = await Promise.all(Array.from({ length: 8 }, () => app.factories.signedIn()));
    const twice = await app.factories.signedIn();
    const same = '<p>The same words from the same person, sent twice at once.</p>';
    const answers = await Promise.all([
      ...people.map((p, i) => reply(p.token, { toPlayerId: dbId, content: `<p>At once, number ${i}: ${'seen it '.repeat(i + 1)}</p>` })),
      reply(twice.token, { toPlayerId: dbId, content: same }),
      reply(twice.token, { toPlayerId: dbId, content: same }),
    ]);
    answers.slice(0, 8).forEach((res) => expectOk(res, 'reply.success'));
    expect(answers.slice(8).map((res) => res.status).sort()).toEqual([200, 409]);
    expectError(answers.slice(8).find((res) => res.status === 409)!, 409, 'reply.bad');

    const page = (await timeline(`dbId=${dbId}&limit=50`)).body.data.result as Array<{ type: string; content: { text: string } }>;
    const texts = page.filter((e) => e.type === 'reply').map((e) => e.content.text);
    expect(texts).toHaveLength(9);
    expect(new Set(texts).size).toBe(9);
    expect((await app.request.get(`/api/player?dbId=${dbId}`)).body.data.commentsNum).toBe(1 + 9);
    // Every entry reaches the watcher once, numbered without gaps.
    for (let i = 0; i < 100 && seen.filter((e) => e.name === 'timeline.added').length < 9; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen.filter((e) => e.name === 'timeline.added').map((e) => (e.payload as { entry: { content: { text: string } } }).entry.content.text).sort()).toEqual([...texts].sort());
    const seqs = seen.map((e) => e.seq);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, k) => seqs[0]! + k));
  });

  it('needs a token, a bound account and a captcha; bots skip the captcha', async () => {
    const { dbId } = await openCase(app, bot);
    expectTokenExpired(await app.request.post('/api/player/reply').send({ data: {} }));
    const unbound = await app.factories.signedIn({ bound: false });
    expectError(await reply(unbound.token, { toPlayerId: dbId, content: '<p>hello</p>' }), 403, 'user.needBindEaAccount');
    const normal = await app.factories.signedIn();
    expectError(await reply(normal.token, { toPlayerId: dbId, content: '<p>hello</p>' }, false), 400, 'captcha.bad');
    const res = await app.request.post('/api/player/reply').set('x-access-token', bot).send({ data: { toPlayerId: dbId, content: '<p>bot note</p>' }, SKIP_CAPTCHA: true });
    expectOk(res, 'reply.success');
  });

  it('limits people to 20 replies in 10 minutes (staff are exempt)', async () => {
    const { dbId } = await openCase(app, bot);
    const { token } = await app.factories.signedIn();
    for (let i = 0; i < 20; i++) expectOk(await reply(token, { toPlayerId: dbId, content: `<p>observation number ${i} ${'abcdefghij'.slice(i % 10)}${i * 7919}</p>` }), 'reply.success');
    expectError(await reply(token, { toPlayerId: dbId, content: '<p>one more thing to add</p>' }), 429, 'request.rateLimited');
    const admin = await app.factories.signedIn({ privileges: ['admin'] });
    for (let i = 0; i < 21; i++) expectOk(await reply(admin.token, { toPlayerId: dbId, content: `<p>staff note ${i} ${i * 104729}</p>` }), 'reply.success');
  }, 60_000);
});

describe('GET /api/player/timeline', () => {
  it('pages in either order with an exact total, filters by subject, and takes any of the case keys', async () => {
    const { dbId, account } = await openCase(app, bot);
    const { token } = await app.factories.signedIn({ privileges: ['admin'] });
    for (let i = 0; i < 4; i++) expectOk(await reply(token, { toPlayerId: dbId, content: `<p>reply ${i} ${i * 31}</p>` }), 'reply.success');
    const asc = await timeline(`personaId=${account.personaId}&limit=2&skip=0`);
    expectOk(asc, 'timeline.ok');
    expect(asc.body.data.total).toBe(5);
    expect(asc.body.data.result.map((e: { type: string }) => e.type)).toEqual(['report', 'reply']);
    const desc = await timeline(`userId=${account.userId}&limit=2&skip=0&order=desc`);
    expect(desc.body.data.result[0].content.text).toBe('<p>reply 3 93</p>');
    const onlyReplies = await timeline(`dbId=${dbId}&subject=reply&limit=100`);
    expect(onlyReplies.body.data.total).toBe(4);
    expectError(await timeline('dbId=2000000000'), 404, 'timeline.notFound');
    expectInvalid(await timeline(`dbId=${dbId}&limit=101`), 'timeline.bad', 'limit');
    expectInvalid(await timeline(''), 'timeline.bad', '');
  });

  it('hides hidden entries from everyone but staff, and /timeline/item likewise', async () => {
    const { dbId } = await openCase(app, bot);
    const author = await app.factories.signedIn();
    const admin = await app.factories.signedIn({ privileges: ['admin'] });
    const posted = (await reply(author.token, { toPlayerId: dbId, content: '<p>rude words</p>' })).body.data;
    const hide = await app.request.post('/api/player/unReply').set('x-access-token', admin.token).send({ data: { id: posted.id } });
    expectOk(hide, 'unReply.success');
    expect((await timeline(`dbId=${dbId}`)).body.data.total).toBe(1);
    const staffView = await timeline(`dbId=${dbId}`, admin.token);
    expect(staffView.body.data.result.find((e: { id: number }) => e.id === posted.id)).toMatchObject({ valid: false });
    expectError(await app.request.get(`/api/player/timeline/item?id=${posted.id}`), 404, 'commentItem.notFound');
    expectOk(await app.request.get(`/api/player/timeline/item?id=${posted.id}`).set('x-access-token', admin.token), 'timeline.item.ok');
    expectInvalid(await app.request.get('/api/player/timeline/item?id=abc'), 'commentItem.bad', 'id');
  });

  it('lets authors hide their own replies but nothing else, and only staff show entries again', async () => {
    const { dbId } = await openCase(app, bot);
    const author = await app.factories.signedIn();
    const stranger = await app.factories.signedIn();
    const posted = (await reply(author.token, { toPlayerId: dbId, content: '<p>posted by mistake</p>' })).body.data;
    const unReply = (token: string, data: object) => app.request.post('/api/player/unReply').set('x-access-token', token).send({ data });
    expectError(await unReply(stranger.token, { id: posted.id }), 403, 'user.permissionDenined');
    expectOk(await unReply(author.token, { id: posted.id }), 'unReply.success');
    expectError(await unReply(author.token, { id: posted.id, valid: true }), 403, 'user.permissionDenined');
    const admin = await app.factories.signedIn({ privileges: ['admin'] });
    expectOk(await unReply(admin.token, { id: posted.id, valid: true }), 'unReply.success');
    expect((await timeline(`dbId=${dbId}`)).body.data.total).toBe(2);
    expectError(await unReply(admin.token, { id: 2_000_000_000 }), 404, 'unReply.notFound');
  });

  it('lets a frozen or banned staff account hide and show nothing but its own replies', async () => {
    const { dbId } = await openCase(app, bot);
    const author = await app.factories.signedIn();
    const posted = (await reply(author.token, { toPlayerId: dbId, content: '<p>a reply to keep</p>' })).body.data;
    const unReply = (token: string, data: object) => app.request.post('/api/player/unReply').set('x-access-token', token).send({ data });
    for (const privileges of [['admin', 'freezed'], ['root', 'blacklisted']]) {
      const locked = await app.factories.signedIn({ privileges });
      expectError(await unReply(locked.token, { id: posted.id }), 403, 'user.permissionDenined');
    }
    expect((await timeline(`dbId=${dbId}`)).body.data.total).toBe(2);
  });
});

describe('live case page', () => {
  it('pushes new entries, hidden entries and case changes to everyone watching, visitors included', async () => {
    const { dbId } = await openCase(app, bot);
    const visitor = await app.socket();
    const joined = await joinRoom(visitor, `case:${dbId}`);
    expect(joined).toMatchObject({ ok: true });
    const seen = collectEvents(visitor);
    const { token } = await app.factories.signedIn();
    const added = nextEvent(visitor, (e) => e.name === 'timeline.added');
    const posted = (await reply(token, { toPlayerId: dbId, content: '<p>live reply</p>' })).body.data;
    const ev = await added;
    expect(ev).toMatchObject({ room: `case:${dbId}`, name: 'timeline.added', payload: { entry: { id: posted.id, content: { text: '<p>live reply</p>' } } } });
    const admin = await app.factories.signedIn({ privileges: ['admin'] });
    const hidden = nextEvent(visitor, (e) => e.name === 'timeline.hidden');
    await app.request.post('/api/player/unReply').set('x-access-token', admin.token).send({ data: { id: posted.id } });
    expect((await hidden).payload).toEqual({ id: posted.id, valid: false, type: 'reply' });
    const seqs = seen.map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
    expect(seen.some((e) => e.name === 'case.updated')).toBe(true);
  });

  it('replays no words of an entry hidden or rewritten since: the room\'s stored events tell it as everyone sees it now', async () => {
    const { dbId } = await openCase(app, bot);
    const { token } = await app.factories.signedIn();
    const admin = await app.factories.signedIn({ privileges: ['admin'] });
    const hiddenLater = (await reply(token, { toPlayerId: dbId, content: '<p>zebrasecret words https://example.com/x</p>' })).body.data;
    const shownAgain = (await reply(token, { toPlayerId: dbId, content: '<p>hidden for a while then shown</p>' })).body.data;
    // Replies quoting them carry their words in the quote.
    for (const quoted of [hiddenLater, shownAgain]) expectOk(await reply(token, { toPlayerId: dbId, toCommentId: quoted.id, content: `<p>quoting entry ${quoted.id}</p>` }), 'reply.success');
    const unReply = (data: object) => app.request.post('/api/player/unReply').set('x-access-token', admin.token).send({ data });
    expectOk(await unReply({ id: hiddenLater.id }), 'unReply.success');
    expectOk(await unReply({ id: shownAgain.id }), 'unReply.success');
    expectOk(await unReply({ id: shownAgain.id, valid: true }), 'unReply.success');

    const visitor = await app.socket();
    const replayed = collectEvents(visitor);
    expect(await joinRoom(visitor, `case:${dbId}`, 0)).toMatchObject({ ok: true });
    await new Promise((r) => setTimeout(r, 300));
    const about = (id: number) => replayed.filter((e) => (e.payload as { entry?: { id: number } }).entry?.id === id || (e.payload as { id?: number }).id === id);
    expect(JSON.stringify(replayed)).not.toContain('zebrasecret');
    expect(about(hiddenLater.id).map((e) => e.name)).toEqual(['timeline.added', 'timeline.hidden']);
    expect(about(hiddenLater.id)[0]!.payload).toMatchObject({ entry: { id: hiddenLater.id, type: 'reply', content: { text: '' } } });
    // Shown again: every event carries it as it is now, its words included.
    const texts = about(shownAgain.id).map((e) => (e.payload as { entry?: { content: { text: string } } }).entry?.content.text);
    expect(texts).toEqual(['<p>hidden for a while then shown</p>', undefined, '<p>hidden for a while then shown</p>']);
    const quoteOf = (id: number) => replayed.map((e) => (e.payload as { entry?: { quote?: { id: number; content: string } } }).entry?.quote).find((q) => q?.id === id);
    expect(quoteOf(hiddenLater.id)).toMatchObject({ content: '' });
    expect(quoteOf(shownAgain.id)).toMatchObject({ content: '<p>hidden for a while then shown</p>' });
  });

  it('replays what a watcher missed while away, in order', async () => {
    const { dbId } = await openCase(app, bot);
    const page = await timeline(`dbId=${dbId}`);
    const watcher = await app.socket();
    const first = await joinRoom(watcher, `case:${dbId}`);
    if (!first.ok) throw new Error('join refused');
    expect(page.body.data.lastSeq).toBe(first.lastSeq);
    watcher.disconnect();
    const { token } = await app.factories.signedIn({ privileges: ['admin'] });
    for (let i = 0; i < 3; i++) await reply(token, { toPlayerId: dbId, content: `<p>while away ${i} ${i * 13}</p>` });
    const back = await app.socket();
    const replayed = collectEvents(back);
    const again = await joinRoom(back, `case:${dbId}`, first.lastSeq);
    expect(again).toMatchObject({ ok: true, replayed: 6 });
    // Through Redis, a live copy of the last reply may reach the new socket as it joins, before the
    // replay: the client's cursor keeps it until the ones before it are in, and drops the replay's
    // copy (docs/architecture.md, "Join, then read").
    const cursor = new RoomCursor<(typeof replayed)[number]>(first.lastSeq);
    const passedOn = () => replayed.filter((e) => e.room === `case:${dbId}`).flatMap((e) => cursor.receive(e));
    const texts = passedOn().filter((e) => e.name === 'timeline.added').map((e) => (e.payload as { entry: { content: { text: string } } }).entry.content.text);
    expect(texts).toEqual(['<p>while away 0 0</p>', '<p>while away 1 13</p>', '<p>while away 2 26</p>']);
    expect(replayed.every((e) => e.seq > first.lastSeq && e.seq <= first.lastSeq + 6)).toBe(true);
  });

  it('notifies followers of a status change, live and in their inbox', async () => {
    const { dbId, account } = await openCase(app, bot);
    const follower = await app.factories.signedIn();
    expectOk(await app.request.post('/api/user/subscribes/add').set('x-access-token', follower.token).send({ playerIds: [dbId] }), 'subscribes.success');
    await app.services.db.execute(`update players set status = 4 where id = ${dbId}` as never);
    const s = await app.socket(follower.token);
    await joinRoom(s, `user:${follower.user.id}`);
    const note = nextEvent(s, (e) => e.name === 'notification');
    const { report } = await import('@server/test/cases');
    expectOk(await report(app, bot, account, { description: '<p>back again with a new clip</p>' }), 'report.success');
    const ev = await note;
    expect(ev.payload).toMatchObject({ type: 'warn', playerId: dbId, personaId: account.personaId, content: expect.stringContaining(account.name) });
  });
});
