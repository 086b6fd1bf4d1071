import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, joinRoom, nextEvent, type TestApp } from '@server/test/harness';
import { expectError, expectInvalid, expectOk, ISO_DATE } from '@server/test/expect';

let app: TestApp;
let superUser: { id: number; username: string };
let superToken: string;
beforeAll(async () => {
  app = await createTestApp();
  const s = await app.factories.signedIn({ privileges: ['super'] });
  superToken = s.token;
  superUser = s.user;
});
afterAll(() => app?.close());

const publish = (token: string, data: Record<string, unknown>) => app.request.post('/api/admin/setAnnouncement').set('x-access-token', token).send({ data });
const restore = (token: string, data: Record<string, unknown>) => app.request.post('/api/admin/restoreAnnouncement').set('x-access-token', token).send({ data });
const read = (query: string) => app.request.get(`/api/announcement?${query}`);
const versions = (query: string) => app.request.get(`/api/announcement/versions?${query}`);

describe('site documents (bulletin and rule announcements)', () => {
  it('publishes versions (sanitised), reads the latest publicly, lists the history with the latest marker, and restores an older version as a new one', async () => {
    expectError(await read('name=conductRules'), 404, 'announcement.notFound');
    const v1 = await publish(superToken, { name: 'conductRules', title: 'Conduct', content: '<p>Be kind.</p><script>alert(1)</script>' });
    expectOk(v1, 'setAnnouncement.ok', 201);
    expect(v1.body.data).toMatchObject({ name: 'conductRules', version: 1, title: 'Conduct', content: '<p>Be kind.</p>', latest: true, authorId: superUser.id, authorName: superUser.username, restoredFrom: null });
    const { token: root } = await app.factories.signedIn({ privileges: ['root'] });
    expectOk(await publish(root, { name: 'conductRules', title: 'Conduct v2', content: '<p>Be kind, always.</p>' }), 'setAnnouncement.ok', 201);

    const latest = await read('name=conductRules');
    expectOk(latest, 'announcement.ok');
    expect(latest.body.data).toMatchObject({ version: 2, title: 'Conduct v2', content: '<p>Be kind, always.</p>', latest: true, createTime: expect.stringMatching(ISO_DATE) });
    expect((await read('name=conductRules&version=1')).body.data).toMatchObject({ version: 1, content: '<p>Be kind.</p>', latest: false });
    expectError(await read('name=conductRules&version=9'), 404, 'announcement.notFound');

    const restored = await restore(superToken, { name: 'conductRules', version: 1 });
    expectOk(restored, 'restoreAnnouncement.ok', 201);
    expect(restored.body.data).toMatchObject({ version: 3, content: '<p>Be kind.</p>', title: 'Conduct', restoredFrom: 1, latest: true });
    const history = await versions('name=conductRules');
    expectOk(history, 'announcement.ok');
    expect(history.body.total).toBe(3);
    expect(history.body.data.map((v: { version: number; latest: boolean }) => [v.version, v.latest])).toEqual([
      [3, true],
      [2, false],
      [1, false],
    ]);
    expect(history.body.data[0]).not.toHaveProperty('content');
    expect((await versions('name=conductRules&skip=2&limit=1')).body).toMatchObject({ total: 3, data: [{ version: 1 }] });
    // Documents are versioned apart.
    expectError(await read('name=personnelRules'), 404, 'announcement.notFound');

    const log = await app.request.get(`/api/admin/adminLog?actorId=${superUser.id}&order=asc`).set('x-access-token', superToken);
    expect(log.body.data.map((l: { action: string; detail: Record<string, unknown> }) => [l.action, l.detail.version])).toEqual([
      ['setAnnouncement', 1],
      ['restoreAnnouncement', 3],
    ]);
  });

  it('reaches open pages live on the all room', async () => {
    const visitor = await app.socket();
    await joinRoom(visitor, 'all');
    const live = nextEvent(visitor, (e) => e.name === 'announcement.published');
    expectOk(await publish(superToken, { name: 'bulletin', title: 'News', content: '<p>Season 2 starts today.</p>' }), 'setAnnouncement.ok', 201);
    expect((await live).payload).toMatchObject({ announcement: { name: 'bulletin', version: 1, content: '<p>Season 2 starts today.</p>', latest: true } });
  });

  it('is written by super and root only, and validates', async () => {
    for (const privileges of [['dev'], ['admin'], ['normal']]) {
      const { token } = await app.factories.signedIn({ privileges });
      expectError(await publish(token, { name: 'bulletin', content: '<p>x</p>' }), 403, 'user.permissionDenined');
      expectError(await restore(token, { name: 'bulletin', version: 1 }), 403, 'user.permissionDenined');
    }
    expectInvalid(await publish(superToken, { name: 'gossip', content: '<p>x</p>' }), 'setAnnouncement.bad', 'data.name');
    expectInvalid(await publish(superToken, { name: 'bulletin', content: '' }), 'setAnnouncement.bad', 'data.content');
    expectError(await publish(superToken, { name: 'bulletin', content: '<script>only()</script>' }), 400, 'setAnnouncement.bad');
    expectError(await restore(superToken, { name: 'antiCheatRules', version: 5 }), 404, 'restoreAnnouncement.notFound');
    expectInvalid(await read('name=gossip'), 'announcement.bad', 'name');
  });

  it('numbers concurrent publications without a gap or a clash', async () => {
    const results = await Promise.all([1, 2, 3, 4].map((i) => publish(superToken, { name: 'personnelRules', content: `<p>draft ${i}</p>` })));
    for (const r of results) expectOk(r, 'setAnnouncement.ok', 201);
    expect(results.map((r) => r.body.data.version).sort()).toEqual([1, 2, 3, 4]);
  });
});
