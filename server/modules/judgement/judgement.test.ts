import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { confirmingVoters, JUDGE_ACTIONS, statusAfterJudgement, type JudgeAction } from '@shared/judgement';
import { messages, players, timeline } from '@server/db/schema';
import { collectEvents, createTestApp, joinRoom, nextEvent, type TestApp } from '@server/test/harness';
import { expectError, expectInvalid, expectOk, expectTokenExpired } from '@server/test/expect';
import { openCase } from '@server/test/cases';

let app: TestApp;
let bot: string;
let superToken: string;
beforeAll(async () => {
  app = await createTestApp();
  ({ token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true }));
  ({ token: superToken } = await app.factories.signedIn({ privileges: ['super'] }));
});
afterAll(() => app?.close());

const caseRow = async (id: number) => (await app.services.db.select().from(players).where(eq(players.id, id)))[0]!;
const setStatus = (id: number, status: number) => app.services.db.update(players).set({ status }).where(eq(players.id, id));
let textCounter = 0;
const reasoning = () => `<p>Reasoning number ${++textCounter}: ${'xyz'.repeat(textCounter % 7)} checked the footage ${textCounter * 7919}.</p>`;

function judge(token: string, toPlayerId: number, action: JudgeAction, extra: Record<string, unknown> = {}) {
  const methods = action === 'guilt' || action === 'kill' ? { cheatMethods: ['aimbot'] } : {};
  return app.request
    .post('/api/player/judgement')
    .set('x-access-token', token)
    .send({ data: { toPlayerId, action, content: reasoning(), ...methods, ...extra } });
}

describe('POST /api/player/judgement: the transition table, pair by pair', () => {
  for (const from of [0, 1, 2, 3, 4, 5, 6, 7, 8]) {
    it(`from status ${from}, every action leads where the reference table says`, async () => {
      const { dbId } = await openCase(app, bot);
      for (const action of JUDGE_ACTIONS) {
        await setStatus(dbId, from);
        const res = await judge(superToken, dbId, action);
        expectOk(res, 'judgement.success');
        // One admin never completes a confirming run, so 6 + guilt stays 6.
        const expected = statusAfterJudgement(from, action, false);
        expect({ action, status: (await caseRow(dbId)).status }).toEqual({ action, status: expected });
        expect(res.body.data).toMatchObject({ nextstate: expected, previousStatus: from, updateTime: expect.any(String) });
      }
    });
  }
});

describe('vote counting', () => {
  it('guilt moves to 6; a second distinct admin confirms; the same admin counts once', async () => {
    const a = await app.factories.signedIn({ privileges: ['admin'] });
    const b = await app.factories.signedIn({ privileges: ['admin'] });
    const { dbId } = await openCase(app, bot);
    expectOk(await judge(a.token, dbId, 'guilt', { cheatMethods: ['wallhack'], hackerLevel: 4 }), 'judgement.success');
    let row = await caseRow(dbId);
    expect(row).toMatchObject({ status: 6, cheatMethods: [], hackerLevel: 4 });
    expectOk(await judge(a.token, dbId, 'guilt'), 'judgement.success');
    expect((await caseRow(dbId)).status).toBe(6);
    const votes = await app.request.get(`/api/player/votes?dbId=${dbId}`);
    expectOk(votes, 'votes.ok');
    expect(votes.body.data).toEqual({ playerId: dbId, status: 6, voters: [{ id: a.user.id, username: a.user.username }], needed: 2 });
    expectOk(await judge(b.token, dbId, 'guilt', { cheatMethods: ['aimbot', 'wallhack'] }), 'judgement.success');
    row = await caseRow(dbId);
    expect(row).toMatchObject({ status: 1, cheatMethods: ['aimbot', 'wallhack'], hackerLevel: 4 });
  });

  it('any other judgement breaks the run and clears the cheat methods', async () => {
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => app.factories.signedIn({ privileges: ['admin'] })));
    const { dbId } = await openCase(app, bot);
    await judge(a!.token, dbId, 'guilt');
    expectOk(await judge(b!.token, dbId, 'discuss'), 'judgement.success');
    expect((await caseRow(dbId)).status).toBe(6);
    await judge(a!.token, dbId, 'guilt');
    expect((await caseRow(dbId)).status).toBe(6);
    await judge(c!.token, dbId, 'guilt');
    expect((await caseRow(dbId)).status).toBe(1);
    await judge(c!.token, dbId, 'more');
    expect(await caseRow(dbId)).toMatchObject({ status: 7, cheatMethods: [], hackerLevel: null });
  });

  it('kill by a super admin confirms at once; an admin may not kill', async () => {
    const admin = await app.factories.signedIn({ privileges: ['admin'] });
    const { dbId } = await openCase(app, bot);
    expectError(await judge(admin.token, dbId, 'kill'), 403, 'judgement.permissionDenied');
    expectOk(await judge(superToken, dbId, 'kill', { cheatMethods: ['aimbot', 'made-up'] }), 'judgement.success');
    expect(await caseRow(dbId)).toMatchObject({ status: 1, cheatMethods: ['aimbot'] });
  });

  it('ten admins voting at the same moment end as some serial order of their votes, none lost or counted twice', async () => {
    const admins = await Promise.all(Array.from({ length: 10 }, () => app.factories.signedIn({ privileges: ['admin'] })));
    for (const mix of [['guilt'], ['guilt', 'discuss']] as JudgeAction[][]) {
      const { dbId } = await openCase(app, bot);
      await setStatus(dbId, 6);
      const before = await caseRow(dbId);
      const results = await Promise.all(admins.map((a, i) => judge(a.token, dbId, mix[i % mix.length]!)));
      for (const r of results) expectOk(r, 'judgement.success');
      const votes = await app.services.db
        .select({ action: timeline.judgeAction, byUserId: timeline.byUserId })
        .from(timeline)
        .where(and(eq(timeline.playerId, dbId), eq(timeline.type, 'judgement')))
        .orderBy(asc(timeline.id));
      expect(votes).toHaveLength(10);
      // Replay the stored order through the rules: the case must be where that serial order leads.
      let status = before.status;
      votes.forEach((v, i) => {
        const newestFirst = votes.slice(0, i + 1).reverse();
        status = statusAfterJudgement(status, v.action as JudgeAction, confirmingVoters(newestFirst).length >= 2);
      });
      const after = await caseRow(dbId);
      expect(after.status).toBe(status);
      expect(after.commentsNum).toBe(before.commentsNum + 10);
      // Each answer's nextstate is the status right after that vote: ten different moments, no two claiming the same one wrongly.
      expect(new Set(results.map((r) => r.body.data.updateTime)).size).toBe(10);
    }
  });
});

describe('rules and errors', () => {
  it('validates the form: action, cheat methods for guilt/kill, reasoning length, hacker level', async () => {
    const { dbId } = await openCase(app, bot);
    const send = (data: Record<string, unknown>) => app.request.post('/api/player/judgement').set('x-access-token', superToken).send({ data: { toPlayerId: dbId, ...data } });
    expectInvalid(await send({ action: 'guilt', content: reasoning() }), 'judgement.bad', 'data.cheatMethods');
    expectInvalid(await send({ action: 'kill', content: reasoning(), cheatMethods: ['not-a-method'] }), 'judgement.bad', 'data.cheatMethods');
    expectInvalid(await send({ action: 'kill', content: reasoning(), cheatMethods: [] }), 'judgement.bad', 'data.cheatMethods');
    expectInvalid(await send({ action: 'ban', content: reasoning() }), 'judgement.bad', 'data.action');
    expectInvalid(await send({ action: 'discuss', content: '   abc  ' }), 'judgement.bad', 'data.content');
    expectInvalid(await send({ action: 'discuss', content: 'x'.repeat(60001) }), 'judgement.bad', 'data.content');
    expectInvalid(await send({ action: 'guilt', content: reasoning(), cheatMethods: ['aimbot'], hackerLevel: 5 }), 'judgement.bad', 'data.hackerLevel');
    // Markup alone is not reasoning.
    expectError(await send({ action: 'discuss', content: '<p>   </p><p><br></p>' }), 400, 'judgement.bad');
    // Four characters as the reader sees them: tags inside a line add no space between its letters.
    expectError(await send({ action: 'discuss', content: '<p><b>ab</b>cd</p>' }), 400, 'judgement.bad');
    expectError(await send({ action: 'discuss', content: '<p><a href="https://example.com/">a</a><span>b</span><em>c</em>d</p>' }), 400, 'judgement.bad');
    expectError(await send({ action: 'discuss', content: '<p>aaaaaaaaaaaa</p>' }), 403, 'judgement.spam');
    // The hacker level and methods only travel with guilt/kill.
    expectOk(await send({ action: 'suspect', content: reasoning(), cheatMethods: ['aimbot'], hackerLevel: 4 }), 'judgement.success');
    expect(await caseRow(dbId)).toMatchObject({ status: 2, cheatMethods: [], hackerLevel: null });
  });

  it('sanitises the reasoning and refuses the same text twice from one admin', async () => {
    const { dbId } = await openCase(app, bot);
    const content = '<p>Checked the killcam <script>alert(1)</script>carefully.</p>';
    const send = () => app.request.post('/api/player/judgement').set('x-access-token', superToken).send({ data: { toPlayerId: dbId, action: 'discuss', content } });
    expectOk(await send(), 'judgement.success');
    const tl = await app.request.get(`/api/player/timeline?dbId=${dbId}&subject=judgement`);
    expect(tl.body.data.result[0]).toMatchObject({ judgeAction: 'discuss', content: { text: '<p>Checked the killcam carefully.</p>' } });
    expectError(await send(), 409, 'judgement.bad');
  });

  it('answers 404 for an unknown case', async () => {
    expectError(await judge(superToken, 99_999_999, 'discuss'), 404, 'judgement.notFound');
  });

  it.each([
    ['normal', 403],
    ['volunteer', 403],
    ['dev', 403],
    ['bot', 403],
    ['blacklisted', 403],
    ['freezed', 403],
    ['admin', 200],
    ['super', 200],
    ['root', 200],
  ])('privilege %s: discuss answers %i', async (privilege, status) => {
    const { token } = await app.factories.signedIn({ privileges: [privilege] });
    const { dbId } = await openCase(app, bot);
    const res = await judge(token, dbId, 'discuss');
    if (status === 200) expectOk(res, 'judgement.success');
    else expectError(res, status, 'judgement.permissionDenied');
  });

  it('refuses visitors and bad tokens', async () => {
    const { dbId } = await openCase(app, bot);
    expectTokenExpired(await app.request.post('/api/player/judgement').send({ data: { toPlayerId: dbId, action: 'discuss', content: reasoning() } }));
    expectTokenExpired(await judge('not-a-token', dbId, 'discuss'));
  });
});

describe('live and notified', () => {
  it('admins and visitors in the case room see the vote, the tally and the status change', async () => {
    const a = await app.factories.signedIn({ privileges: ['admin'] });
    const b = await app.factories.signedIn({ privileges: ['admin'] });
    const { dbId } = await openCase(app, bot);
    const visitor = await app.socket();
    await joinRoom(visitor, `case:${dbId}`);
    const seen = collectEvents(visitor);
    const tallyEvent = nextEvent(visitor, (e) => e.name === 'case.votes');
    await judge(a.token, dbId, 'guilt');
    const tally = await tallyEvent;
    expect(tally.payload).toMatchObject({ status: 6, voters: [{ id: a.user.id, username: a.user.username }], needed: 2 });
    const confirmed = nextEvent(visitor, (e) => e.name === 'case.updated' && (e.payload as { case: { status: number } }).case.status === 1);
    await judge(b.token, dbId, 'guilt');
    await confirmed;
    const names = seen.map((e) => e.name);
    expect(names.filter((n) => n === 'timeline.added')).toHaveLength(2);
    const added = seen.filter((e) => e.name === 'timeline.added').map((e) => (e.payload as { entry: { judgeAction: string; byUserId: number } }).entry);
    expect(added.map((e) => [e.judgeAction, e.byUserId])).toEqual([['guilt', a.user.id], ['guilt', b.user.id]]);
    expect(seen.some((e) => e.name === 'activity')).toBe(false);
  });

  it('staff see the number of open cases change live: up on a new case, down when it is judged', async () => {
    const admin = await app.factories.signedIn({ privileges: ['admin'] });
    const s = await app.socket(admin.token);
    await joinRoom(s, 'staff');
    const counts = collectEvents(s);
    const { dbId } = await openCase(app, bot);
    await expect.poll(() => counts.filter((e) => e.name === 'cases.open').length).toBe(1);
    const opened = (counts[0]!.payload as { count: number }).count;
    const open = await app.request.get('/api/players?status=0&limit=1');
    expect(opened).toBe(open.body.data.total);
    await judge(admin.token, dbId, 'more');
    await expect.poll(() => counts.filter((e) => e.name === 'cases.open').length).toBe(2);
    expect((counts.filter((e) => e.name === 'cases.open')[1]!.payload as { count: number }).count).toBe(opened - 1);
    // A judgement that keeps the case out of status 0 says nothing.
    await judge(admin.token, dbId, 'discuss');
    await new Promise((r) => setTimeout(r, 200));
    expect(counts.filter((e) => e.name === 'cases.open')).toHaveLength(2);
  });

  it('staff on the same case page see each other (presence), and not visitors', async () => {
    const a = await app.factories.signedIn({ privileges: ['admin'] });
    const b = await app.factories.signedIn({ privileges: ['super'] });
    const { dbId } = await openCase(app, bot);
    const room = `case:${dbId}`;
    const sa = await app.socket(a.token);
    const viewersOfA = new Promise<number[]>((resolve) => sa.on('case:viewers', (v) => v.viewers.length === 2 && resolve(v.viewers.map((x) => x.id))));
    await joinRoom(sa, room);
    const visitor = await app.socket();
    let visitorHeard = false;
    visitor.on('case:viewers', () => (visitorHeard = true));
    await joinRoom(visitor, room);
    const sb = await app.socket(b.token);
    await joinRoom(sb, room);
    expect(await viewersOfA).toEqual([a.user.id, b.user.id].sort((x, y) => x - y));
    const afterLeave = new Promise<number[]>((resolve) => sa.on('case:viewers', (v) => v.viewers.length === 1 && resolve(v.viewers.map((x) => x.id))));
    sb.disconnect();
    expect(await afterLeave).toEqual([a.user.id]);
    expect(visitorHeard).toBe(false);
  });

  it('the owner of the account and the followers are notified of a judgement, in their language', async () => {
    const owner = await app.factories.signedIn({ attr: { language: 'zh-CN' } });
    const follower = await app.factories.signedIn();
    const { dbId } = await (async () => {
      const res = await app.request.post('/api/player/report').set('x-access-token', bot).send({ data: { game: 'bf1', originName: owner.user.account!.name, cheatMethods: ['aimbot'], videoLink: 'https://www.youtube.com/watch?v=x', description: '<p>report</p>' }, SKIP_CAPTCHA: true });
      return { dbId: res.body.data.dbId as number };
    })();
    expectOk(await app.request.post('/api/user/subscribes/add').set('x-access-token', follower.token).send({ playerIds: [dbId] }), 'subscribes.success');
    const s = await app.socket(follower.token);
    await joinRoom(s, `user:${follower.user.id}`);
    const live = nextEvent(s, (e) => e.name === 'notification' && (e.payload as { content: string }).content.includes('judged'));
    await judge(superToken, dbId, 'suspect');
    const ev = await live;
    expect(ev.payload).toMatchObject({ playerId: dbId, content: expect.stringContaining('suspect') });
    const ownerInbox = await app.services.db.select().from(messages).where(eq(messages.toUserId, owner.user.id));
    expect(ownerInbox.map((m) => m.content)).toEqual(expect.arrayContaining([expect.stringContaining('已被裁决')]));
  });
});

describe('POST /api/admin/judgementLog', () => {
  it('lists judgements for staff, filtered by admin and case; refuses others', async () => {
    const a = await app.factories.signedIn({ privileges: ['admin'] });
    const { dbId } = await openCase(app, bot);
    await judge(a.token, dbId, 'discuss');
    await judge(superToken, dbId, 'more');
    const byCase = await app.request.post('/api/admin/judgementLog').set('x-access-token', a.token).send({ dbId });
    expectOk(byCase, 'judgementLog.ok');
    expect(byCase.body.total).toBe(2);
    expect(byCase.body.data.map((j: { judgeAction: string }) => j.judgeAction)).toEqual(['more', 'discuss']);
    const byAdmin = await app.request.post('/api/admin/judgementLog').set('x-access-token', a.token).send({ userName: a.user.username.toUpperCase() });
    expect(byAdmin.body.data).toEqual([expect.objectContaining({ byUserId: a.user.id, username: a.user.username, toPlayerId: dbId })]);
    // Part of the name finds the judge too; a `%` in it is a literal, not a wildcard.
    const byPart = await app.request.post('/api/admin/judgementLog').set('x-access-token', a.token).send({ userName: a.user.username.slice(2, -2).toUpperCase() });
    expect(byPart.body.data.map((j: { byUserId: number }) => j.byUserId)).toContain(a.user.id);
    expect((await app.request.post('/api/admin/judgementLog').set('x-access-token', a.token).send({ userName: '%' })).body.total).toBe(0);
    const normal = await app.factories.signedIn();
    expectError(await app.request.post('/api/admin/judgementLog').set('x-access-token', normal.token).send({}), 403, 'user.permissionDenined');
    expectInvalid(await app.request.post('/api/admin/judgementLog').set('x-access-token', a.token).send({ limit: 500 }), 'judgementLog.bad', 'limit');
  });
});
