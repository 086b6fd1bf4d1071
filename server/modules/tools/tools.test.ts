import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@shared/limits';
import { createTestApp, type TestApp } from '@server/test/harness';
import { expectError, expectInvalid, expectOk, ISO_DATE } from '@server/test/expect';

let app: TestApp;
let staffToken: string;
beforeAll(async () => {
  app = await createTestApp();
  staffToken = (await app.factories.signedIn({ privileges: ['admin'] })).token;
});
afterAll(() => app?.close());

const list = (query = '') => app.request.get(`/api/tools${query}`);
const submit = (token: string, data: Record<string, unknown>) => app.request.post('/api/tools/submit').set('x-access-token', token).send({ data });
const mine = (token: string) => app.request.get('/api/tools/mine').set('x-access-token', token);
const staffList = (token: string, query = '') => app.request.get(`/api/admin/tools${query}`).set('x-access-token', token);
const review = (token: string, data: Record<string, unknown>) => app.request.post('/api/admin/tools/review').set('x-access-token', token).send({ data });
const set = (token: string, data: Record<string, unknown>) => app.request.post('/api/admin/tools/set').set('x-access-token', token).send({ data });
const names = (res: { body: { data: Array<{ name: string }> } }) => res.body.data.map((t) => t.name);

let n = 0;
const tool = (over: Record<string, unknown> = {}) => ({
  name: `Squad tracker ${++n}`,
  description: 'Shows the reports of the players in your last match.',
  tags: ['bot', 'bf1'],
  websiteUrl: 'https://tracker.example/squad',
  ...over,
});

describe('the tools directory', () => {
  it('ships with honest entries about the site itself, hot first, filterable by tag, with an exact total', async () => {
    const all = await list();
    expectOk(all, 'tools.ok');
    expect(all.body.total).toBe(5);
    expect(all.body.data[0]).toMatchObject({ name: 'Tribunal public API', hot: true, official: true, websiteUrl: '/api/docs', tags: ['official', 'api', 'web'] });
    expect(all.body.data.every((t: { official: boolean }) => t.official)).toBe(true);
    expect(all.body.data[0].createTime).toMatch(ISO_DATE);
    expect(names(await list('?tag=bot'))).toEqual(['Webhooks for bots']);
    expect(names(await list('?tag=app')).sort()).toEqual(['App authorization', 'Tribunal companion app']);
    expect((await list('?tag=all&limit=2')).body).toMatchObject({ total: 5, data: [expect.anything(), expect.anything()] });
    expectInvalid(await list('?tag=cheats'), 'tools.bad', 'tag');
    // The directory's chip reads "bf2042/bf6": either name filters the same.
    expect((await list('?tag=bf2042')).body).toEqual((await list('?tag=bf6')).body);
  });

  it('takes a member’s submission for review; approved it appears, rejected it does not, and the member sees why', async () => {
    const { user, token } = await app.factories.signedIn();
    const res = await submit(token, tool({ name: 'Server browser plus', tags: ['desktop', 'bfv', 'bfv'], getUrl: 'https://get.example/sbp.zip', icon: 'https://get.example/icon.png' }));
    expectOk(res, 'toolSubmit.success', 201);
    expect(res.body.data).toMatchObject({ status: 'pending', submitterId: user.id, submitterName: user.username, tags: ['desktop', 'bfv'], official: false, reason: null });
    const id = res.body.data.id as number;
    expect(names(await list('?limit=50'))).not.toContain('Server browser plus');

    const pending = await staffList(staffToken);
    expectOk(pending, 'adminTools.ok');
    expect(names(pending)).toContain('Server browser plus');

    expectOk(await review(staffToken, { id, action: 'approve' }), 'toolReview.success');
    expect(names(await list('?tag=desktop'))).toEqual(['Server browser plus']);
    expectError(await review(staffToken, { id, action: 'approve' }), 400, 'toolReview.bad');

    const other = await submit(token, tool({ name: 'Aim helper' }));
    expectInvalid(await review(staffToken, { id: other.body.data.id, action: 'reject' }), 'toolReview.bad', 'data.reason');
    const rejected = await review(staffToken, { id: other.body.data.id, action: 'reject', reason: 'Cheat software is not listed here.' });
    expectOk(rejected, 'toolReview.success');
    expect(names(await list('?limit=50'))).not.toContain('Aim helper');
    const own = await mine(token);
    expectOk(own, 'tools.ok');
    expect(own.body.data.map((t: { name: string; status: string; reason: string | null }) => [t.name, t.status, t.reason])).toEqual([
      ['Aim helper', 'rejected', 'Cheat software is not listed here.'],
      ['Server browser plus', 'approved', null],
    ]);

    // Both reviews are in the admin log, against the submitter.
    const { token: superToken } = await app.factories.signedIn({ privileges: ['super'] });
    const log = await app.request.get(`/api/admin/adminLog?targetUserId=${user.id}`).set('x-access-token', superToken);
    expect(log.body.data.map((l: { action: string }) => l.action)).toEqual(['rejectTool', 'approveTool']);
  });

  it('validates submissions: fields, tags, https or site links, a link at least', async () => {
    const { token } = await app.factories.signedIn();
    expectInvalid(await submit(token, tool({ name: 'x' })), 'toolSubmit.bad', 'data.name');
    expectInvalid(await submit(token, tool({ description: 'short' })), 'toolSubmit.bad', 'data.description');
    expectInvalid(await submit(token, tool({ tags: [] })), 'toolSubmit.bad', 'data.tags');
    expectInvalid(await submit(token, tool({ tags: ['cheats'] })), 'toolSubmit.bad', 'data.tags.0');
    expectInvalid(await submit(token, tool({ websiteUrl: 'javascript:alert(1)' })), 'toolSubmit.bad', 'data.websiteUrl');
    expectInvalid(await submit(token, tool({ websiteUrl: 'http://plain.example' })), 'toolSubmit.bad', 'data.websiteUrl');
    expectInvalid(await submit(token, tool({ websiteUrl: '//evil.example/x' })), 'toolSubmit.bad', 'data.websiteUrl');
    expectInvalid(await submit(token, tool({ icon: 'data:image/svg+xml,<svg onload=alert(1)>' })), 'toolSubmit.bad', 'data.icon');
    expectInvalid(await submit(token, tool({ websiteUrl: undefined })), 'toolSubmit.bad', 'data.getUrl');
    expectOk(await submit(token, tool({ websiteUrl: '/api/docs' })), 'toolSubmit.success', 201);
  });

  it(`lets at most ${LIMITS.toolsPendingPerUser} submissions of a member wait at once, even when sent together`, async () => {
    const { token } = await app.factories.signedIn();
    const results = await Promise.all(Array.from({ length: LIMITS.toolsPendingPerUser + 3 }, () => submit(token, tool())));
    expect(results.filter((r) => r.status === 201)).toHaveLength(LIMITS.toolsPendingPerUser);
    for (const r of results.filter((r) => r.status !== 201)) expectError(r, 429, 'toolSubmit.tooMany');
  });

  it('refuses visitors, locked, unbound and muted members', async () => {
    expectError(await app.request.post('/api/tools/submit').send({ data: tool() }), 401, 'user.tokenExpired');
    const { token: banned } = await app.factories.signedIn({ privileges: ['blacklisted'] });
    expectError(await submit(banned, tool()), 403, 'user.permissionDenined');
    const { token: unbound } = await app.factories.signedIn({ bound: false });
    expectError(await submit(unbound, tool()), 403, 'user.needBindEaAccount');
    const { token: muted } = await app.factories.signedIn({ attr: { mute: new Date(Date.now() + 3_600_000).toISOString() } });
    expectError(await submit(muted, tool()), 403, 'toolSubmit.muted');
  });

  it('lets staff edit, mark hot and delete entries; members may not', async () => {
    const { token: member } = await app.factories.signedIn();
    const sent = await submit(member, tool({ name: 'Match recorder' }));
    const id = sent.body.data.id as number;
    expectError(await staffList(member), 403, 'user.permissionDenined');
    expectError(await review(member, { id, action: 'approve' }), 403, 'user.permissionDenined');
    expectError(await set(member, { id, hot: true }), 403, 'user.permissionDenined');

    expectOk(await review(staffToken, { id, action: 'approve' }), 'toolReview.success');
    const edited = await set(staffToken, { id, hot: true, name: 'Match recorder 2', tags: ['web'] });
    expectOk(edited, 'toolSet.success');
    expect(edited.body.data).toMatchObject({ name: 'Match recorder 2', hot: true, tags: ['web'] });
    expect(names(await list('?tag=web')).slice(0, 2).sort()).toEqual(['Match recorder 2', 'Tribunal public API']);
    expectError(await set(staffToken, { id, websiteUrl: '' }), 400, 'toolSet.bad');
    expectError(await set(staffToken, { id }), 400, 'toolSet.bad');
    expectOk(await set(staffToken, { id, delete: true }), 'toolSet.success');
    expect(names(await list('?limit=50'))).not.toContain('Match recorder 2');
    expectError(await set(staffToken, { id, hot: false }), 404, 'toolSet.notFound');
    expectError(await review(staffToken, { id, action: 'approve' }), 404, 'toolReview.notFound');
  });
});
