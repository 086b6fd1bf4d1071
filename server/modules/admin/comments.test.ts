import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, collectEvents, joinRoom, nextEvent, type TestApp } from '@server/test/harness';
import { expectError, expectInvalid, expectOk } from '@server/test/expect';
import { openCase, report } from '@server/test/cases';
import { players } from '@server/db/schema';

let app: TestApp;
let bot: string;
let superToken: string;
let superId: number;
beforeAll(async () => {
  app = await createTestApp();
  ({ token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true }));
  const s = await app.factories.signedIn({ privileges: ['super'] });
  superToken = s.token;
  superId = s.user.id;
});
afterAll(() => app?.close());

const get = (path: string, token: string) => app.request.get(`/api/admin/${path}`).set('x-access-token', token);
const setComment = (token: string, data: Record<string, unknown>) => app.request.post('/api/admin/setComment').set('x-access-token', token).send({ data });
const reply = async (token: string, toPlayerId: number, content: string) => {
  const res = await app.request.post('/api/player/reply').set('x-access-token', token).send({ data: { toPlayerId, content }, captcha: await app.solveCaptcha() });
  expectOk(res, 'reply.success');
  return res.body.data as { id: number };
};
const publicTimeline = (dbId: number) => app.request.get(`/api/player/timeline?dbId=${dbId}`);
const caseRow = async (id: number) => (await app.services.db.select().from(players).where(eq(players.id, id)))[0]!;
const adminLog = (query: string) => get(`adminLog${query}`, superToken);
type Item = { id: number; type: string; valid: boolean; deleted: unknown; content: { text: string } };

/** Every key of a JSON body, however deep. */
function keysOf(v: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(v)) v.forEach((x) => keysOf(x, out));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) (out.add(k), keysOf(x, out));
  return out;
}

describe('GET /api/admin/commentAll', () => {
  it('lists every entry, hidden ones included, filtered by type, case, author, state and time, with exact totals and no secrets', async () => {
    const { dbId } = await openCase(app, bot);
    const author = await app.factories.signedIn();
    const a = await reply(author.token, dbId, '<p>first reply from the author</p>');
    const b = await reply(author.token, dbId, '<p>second reply from the author</p>');
    expectOk(await setComment(superToken, { id: b.id, valid: 0 }), 'admin.setComment.ok');

    const all = await get(`commentAll?playerId=${dbId}`, superToken);
    expectOk(all, 'admin.commentAll.ok');
    expect(all.body.total).toBe(3);
    expect(all.body.data.map((e: Item) => [e.type, e.valid])).toEqual([
      ['reply', false],
      ['reply', true],
      ['report', true],
    ]);
    const replies = await get(`commentAll?playerId=${dbId}&type=reply&order=asc&limit=1`, superToken);
    expect(replies.body).toMatchObject({ total: 2, data: [{ id: a.id, username: author.user.username, content: { text: '<p>first reply from the author</p>' } }] });
    const twoTypes = await get(`commentAll?playerId=${dbId}&type=reply,report`, superToken);
    expect(twoTypes.body.total).toBe(3);
    expect((await get(`commentAll?userId=${author.user.id}`, superToken)).body.total).toBe(2);
    const hidden = await get(`commentAll?playerId=${dbId}&state=hidden`, superToken);
    expect(hidden.body.data.map((e: Item) => e.id)).toEqual([b.id]);
    expect((await get(`commentAll?playerId=${dbId}&state=visible`, superToken)).body.total).toBe(2);
    expect((await get(`commentAll?playerId=${dbId}&createTimeFrom=${Date.now() + 60_000}`, superToken)).body).toMatchObject({ total: 0, data: [] });
    // As the original's staff page asks: `type=all` and an empty id filter nothing; an id finds that entry.
    expect((await get(`commentAll?playerId=${dbId}&type=all&id=`, superToken)).body.total).toBe(3);
    expect((await get(`commentAll?id=${a.id}&type=all`, superToken)).body).toMatchObject({ total: 1, data: [{ id: a.id }] });

    const keys = keysOf(all.body.data);
    for (const secret of ['password', 'passwordHash', 'hash', 'token', 'code', 'originEmail', 'email', 'attr']) expect(keys.has(secret), secret).toBe(false);
  });

  it('is read by every admin (edited by super, root and dev), and validates its filters', async () => {
    const { token: admin } = await app.factories.signedIn({ privileges: ['admin'] });
    const { token: dev } = await app.factories.signedIn({ privileges: ['dev'] });
    const { token: normal } = await app.factories.signedIn();
    expectOk(await get('commentAll', admin), 'admin.commentAll.ok');
    expectOk(await get('commentTypeList?type=judgement', admin), 'admin.commentTypeList.ok');
    expectError(await app.request.post('/api/admin/setComment').set('x-access-token', admin).send({ data: { id: 1, valid: 0 } }), 403, 'user.permissionDenined');
    expectError(await get('commentAll', normal), 403, 'user.permissionDenined');
    expectOk(await get('commentAll', dev), 'admin.commentAll.ok');
    expectInvalid(await get('commentAll?type=gossip', superToken), 'admin.commentAll.bad', 'type.0');
    expectInvalid(await get('commentAll?state=gone', superToken), 'admin.commentAll.bad', 'state');
    expectInvalid(await get('commentAll?limit=101', superToken), 'admin.commentAll.bad', 'limit');
  });
});

describe('GET /api/admin/commentTypeList and /api/admin/commentAppeal', () => {
  it('lists judgements by action and appeals by state; the appeal feed serves bots too, without hidden appeals', async () => {
    const owner = await app.factories.signedIn();
    const res = await report(app, bot, owner.user.account!);
    const dbId = res.body.data.dbId as number;
    const judge = (action: string) =>
      app.request.post('/api/player/judgement').set('x-access-token', superToken).send({ data: { toPlayerId: dbId, action, content: `<p>Reviewed the evidence: ${action}.</p>`, ...(action === 'kill' ? { cheatMethods: ['wallhack'] } : {}) } });
    expectOk(await judge('discuss'), 'judgement.success');
    expectOk(await judge('kill'), 'judgement.success');
    const judgements = await get('commentTypeList?type=judgement&judgeAction=kill&limit=100', superToken);
    expectOk(judgements, 'admin.commentTypeList.ok');
    expect(judgements.body.data.filter((e: { toPlayerId: number }) => e.toPlayerId === dbId).map((e: { judgeAction: string }) => e.judgeAction)).toEqual(['kill']);
    expect(judgements.body.data.every((e: { judgeAction: string }) => e.judgeAction === 'kill')).toBe(true);

    const appealed = await app.request
      .post('/api/player/banAppeal')
      .set('x-access-token', owner.token)
      .send({ data: { toPlayerId: dbId, appealType: 'farm', content: '<p>I was farming camos, see the recording.</p>', extendedLinks: { videoLink: 'https://www.youtube.com/watch?v=pov' } } });
    expectOk(appealed, 'banAppeal.success', 201);
    const open = await get('commentTypeList?type=banAppeal&banAppealStats=unprocessed&limit=100', superToken);
    const mine = open.body.data.find((e: { toPlayerId: number }) => e.toPlayerId === dbId);
    expect(mine).toMatchObject({ type: 'banAppeal', appealStatus: 'unprocessed', valid: true, content: { appealType: 'farm' } });
    expect((await get('commentTypeList?type=banAppeal&banAppealStats=lock&limit=100', superToken)).body.data.some((e: { id: number }) => e.id === mine.id)).toBe(false);
    // The original's states, as its staff page sends them: open is unprocessed; close is accepted or failed.
    const asOriginal = async (state: string) => (await get(`commentTypeList?type=banAppeal&banAppealStats=${state}&limit=100`, superToken)).body.data.map((e: { appealStatus: string }) => e.appealStatus);
    expect(await asOriginal('open')).toContain('unprocessed');
    expect(new Set(await asOriginal('open'))).toEqual(new Set(['unprocessed']));
    const closedIds = async () => (await get('commentTypeList?type=banAppeal&banAppealStats=close&limit=100', superToken)).body.data.map((e: { id: number }) => e.id);
    expect(await closedIds()).not.toContain(mine.id);
    expectOk(await app.request.post('/api/admin/setAppeal').set('x-access-token', superToken).send({ toPlayerId: dbId }), 'setAppeal.success');
    expect(await closedIds()).toContain(mine.id);
    expect((await asOriginal('close')).every((s: string) => s === 'accept' || s === 'fail')).toBe(true);
    expectInvalid(await get('commentTypeList?type=banAppeal&banAppealStats=shut', superToken), 'admin.commentTypeList.bad', 'banAppealStats');
    expectInvalid(await get('commentTypeList?type=reply', superToken), 'admin.commentTypeList.bad', 'type');

    expectOk(await setComment(superToken, { id: mine.id, valid: 0 }), 'admin.setComment.ok');
    const forStaff = await get('commentAppeal?limit=100', superToken);
    expectOk(forStaff, 'admin.commentAppeal.ok');
    expect(forStaff.body.data.find((e: Item) => e.id === mine.id)).toMatchObject({ valid: false });
    const forBot = await get('commentAppeal?limit=100', bot);
    expectOk(forBot, 'admin.commentAppeal.ok');
    expect(forBot.body.data.some((e: Item) => e.id === mine.id)).toBe(false);
    const { token: admin } = await app.factories.signedIn({ privileges: ['admin'] });
    expectError(await get('commentAppeal', admin), 403, 'user.permissionDenined');
  });
});

describe('POST /api/admin/setComment', () => {
  it('edits content (sanitised) and video link, live on the case page, and logs it', async () => {
    const { dbId } = await openCase(app, bot);
    const author = await app.factories.signedIn();
    const r = await reply(author.token, dbId, '<p>original words here</p>');
    const visitor = await app.socket();
    await joinRoom(visitor, `case:${dbId}`);
    const updated = nextEvent(visitor, (e) => e.name === 'timeline.updated');
    const res = await setComment(superToken, { id: r.id, content: '<p>cleaned words<script>alert(1)</script></p>', videoLink: 'https://www.youtube.com/watch?v=x' });
    expectOk(res, 'admin.setComment.ok');
    expect(res.body.data).toMatchObject({ outcome: 'edited', comment: { id: r.id, valid: true, content: { text: '<p>cleaned words</p>' }, videoLink: 'https://www.youtube.com/watch?v=x' } });
    expect(res.body.data.comment.editTime).toEqual(expect.any(String));
    expect((await updated).payload).toMatchObject({ entry: { id: r.id, content: { text: '<p>cleaned words</p>' } } });
    expect((await publicTimeline(dbId)).body.data.result.find((e: Item) => e.id === r.id).content.text).toBe('<p>cleaned words</p>');
    // Whoever replays the room from its start reads the entry as it is now, not its first words.
    const latecomer = await app.socket();
    const replayed = collectEvents(latecomer);
    await joinRoom(latecomer, `case:${dbId}`, 0);
    await vi.waitFor(() => expect(replayed.some((e) => e.name === 'timeline.updated')).toBe(true));
    expect(JSON.stringify(replayed)).not.toContain('original words here');
    expect(replayed.find((e) => e.name === 'timeline.added' && (e.payload as { entry: { id: number } }).entry.id === r.id)?.payload).toMatchObject({ entry: { content: { text: '<p>cleaned words</p>' } } });
    const log = await adminLog(`?action=setComment&actorId=${superId}&targetUserId=${author.user.id}`);
    expect(log.body.data[0]).toMatchObject({ targetCaseId: dbId, targetEntryId: r.id, detail: { outcome: 'edited', before: { content: '<p>original words here</p>' }, after: { content: '<p>cleaned words</p>' } } });
    expectInvalid(await setComment(superToken, { id: r.id, valid: 2 }), 'admin.setComment.bad', 'data.valid');
    expectError(await setComment(superToken, { id: r.id, videoLink: 'javascript:alert(1)' }), 400, 'admin.setComment.bad');
    expectError(await setComment(superToken, { id: 2_000_000_000, valid: 0 }), 404, 'admin.setComment.notFound');
    const { token: admin } = await app.factories.signedIn({ privileges: ['admin'] });
    expectError(await setComment(admin, { id: r.id, valid: 0 }), 403, 'user.permissionDenined');
  });

  it('hides and shows an entry: a visitor’s open page drops it and gets it back, counters unchanged', async () => {
    const { dbId } = await openCase(app, bot);
    const author = await app.factories.signedIn();
    const r = await reply(author.token, dbId, '<p>a reply to hide</p>');
    const count = (await caseRow(dbId)).commentsNum;
    const visitor = await app.socket();
    await joinRoom(visitor, `case:${dbId}`);
    const hidden = nextEvent(visitor, (e) => e.name === 'timeline.hidden');
    expect((await setComment(superToken, { id: r.id, valid: 0 })).body.data.outcome).toBe('hidden');
    expect((await hidden).payload).toEqual({ id: r.id, valid: false, type: 'reply' });
    expect((await publicTimeline(dbId)).body.data.total).toBe(1);
    const shown = nextEvent(visitor, (e) => e.name === 'timeline.hidden');
    expect((await setComment(superToken, { id: r.id, valid: 1 })).body.data.outcome).toBe('shown');
    expect((await shown).payload).toMatchObject({ id: r.id, valid: true, type: 'reply', entry: { id: r.id, content: { text: '<p>a reply to hide</p>' } } });
    expect((await publicTimeline(dbId)).body.data.total).toBe(2);
    expect((await caseRow(dbId)).commentsNum).toBe(count);
    expect((await setComment(superToken, { id: r.id, valid: 1 })).body.data.outcome).toBe('unchanged');
  });

  it('deletes softly when content is emptied with no video link, and restores the previous content', async () => {
    const { dbId } = await openCase(app, bot);
    const author = await app.factories.signedIn();
    const r = await reply(author.token, dbId, '<p>words that will be deleted</p>');
    const count = (await caseRow(dbId)).commentsNum;
    const visitor = await app.socket();
    await joinRoom(visitor, `case:${dbId}`);
    const gone = nextEvent(visitor, (e) => e.name === 'timeline.hidden');
    const del = await setComment(superToken, { id: r.id, content: '<p> </p>' });
    expect(del.body.data).toMatchObject({ outcome: 'deleted', comment: { valid: false, content: { text: '' }, deleted: { byUserId: superId, content: '<p>words that will be deleted</p>', videoLink: null } } });
    expect((await gone).payload).toEqual({ id: r.id, valid: false, type: 'reply' });
    expect((await get(`commentAll?playerId=${dbId}&state=deleted`, superToken)).body.data.map((e: Item) => e.id)).toEqual([r.id]);
    expect((await get(`commentAll?playerId=${dbId}&state=hidden`, superToken)).body.total).toBe(0);
    expect((await publicTimeline(dbId)).body.data.total).toBe(1);
    expectError(await app.request.get(`/api/player/timeline/item?id=${r.id}`), 404, 'commentItem.notFound');
    // A deleted entry is edited only after a restore, and the case page's "show" cannot bring back an empty shell.
    expectError(await setComment(superToken, { id: r.id, content: '<p>new words</p>' }), 400, 'admin.setComment.bad');
    expectError(await app.request.post('/api/player/unReply').set('x-access-token', superToken).send({ data: { id: r.id, valid: true } }), 400, 'unReply.bad');

    const back = nextEvent(visitor, (e) => e.name === 'timeline.hidden');
    const restored = await setComment(superToken, { id: r.id, valid: 1 });
    expect(restored.body.data).toMatchObject({ outcome: 'restored', comment: { valid: true, deleted: null, content: { text: '<p>words that will be deleted</p>' } } });
    expect((await back).payload).toMatchObject({ id: r.id, valid: true, entry: { content: { text: '<p>words that will be deleted</p>' } } });
    expect((await publicTimeline(dbId)).body.data.total).toBe(2);
    expect((await caseRow(dbId)).commentsNum).toBe(count);
    const log = await adminLog(`?action=setComment&targetUserId=${author.user.id}&order=asc`);
    expect(log.body.data.map((l: { detail: { outcome: string } }) => l.detail.outcome)).toEqual(['deleted', 'restored']);

    // With a video link left, emptying the text is an edit, not a delete.
    const report1 = (await get(`commentAll?playerId=${dbId}&type=report`, superToken)).body.data[0] as Item;
    expect((await setComment(superToken, { id: report1.id, content: '' })).body.data).toMatchObject({ outcome: 'edited', comment: { valid: true } });
  });

  it('keeps nothing of a refused write', async () => {
    const { dbId } = await openCase(app, bot);
    const name = (await get(`commentAll?playerId=${dbId}`, superToken)).body.data[0] as Item;
    const before = (await adminLog(`?action=setComment&actorId=${superId}`)).body.total;
    expectError(await setComment(superToken, { id: name.id, videoLink: 'ftp://example.com/x' }), 400, 'admin.setComment.bad');
    expect((await adminLog(`?action=setComment&actorId=${superId}`)).body.total).toBe(before);
  });
});

describe('msGraph endpoints', () => {
  it('answer 410 msGraph.notAvailable to root, and refuse everyone else', async () => {
    const { token: root } = await app.factories.signedIn({ privileges: ['root'] });
    expectError(await get('msGraphStatus', root), 410, 'msGraph.notAvailable');
    expectError(await get('msGraphInit', root), 410, 'msGraph.notAvailable');
    expectError(await app.request.post('/api/admin/msGraphAuthCode').set('x-access-token', root).send({ code: 'x' }), 410, 'msGraph.notAvailable');
    expectError(await get('msGraphStatus', superToken), 403, 'user.permissionDenined');
  });
});
