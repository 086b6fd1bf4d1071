import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LANGUAGE_CODES } from '@shared/languages';
import { announcements } from '@server/db/schema';
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
  it('publishes versions (sanitised) after the seeded one, reads the latest publicly, lists the history with the latest marker, and restores an older version as a new one', async () => {
    const seeded = await read('name=conductRules');
    expectOk(seeded, 'announcement.ok');
    expect(seeded.body.data).toMatchObject({ name: 'conductRules', language: 'en-US', version: 1, latest: true, authorId: null, authorName: null, languages: [...LANGUAGE_CODES] });
    const v2 = await publish(superToken, { name: 'conductRules', title: 'Conduct', content: '<p>Be kind.</p><script>alert(1)</script>' });
    expectOk(v2, 'setAnnouncement.ok', 201);
    expect(v2.body.data).toMatchObject({ name: 'conductRules', language: 'en-US', version: 2, title: 'Conduct', content: '<p>Be kind.</p>', latest: true, authorId: superUser.id, authorName: superUser.username, restoredFrom: null });
    const { token: root } = await app.factories.signedIn({ privileges: ['root'] });
    expectOk(await publish(root, { name: 'conductRules', title: 'Conduct v3', content: '<p>Be kind, always.</p>' }), 'setAnnouncement.ok', 201);

    const latest = await read('name=conductRules');
    expectOk(latest, 'announcement.ok');
    expect(latest.body.data).toMatchObject({ version: 3, title: 'Conduct v3', content: '<p>Be kind, always.</p>', latest: true, createTime: expect.stringMatching(ISO_DATE) });
    expect((await read('name=conductRules&version=2')).body.data).toMatchObject({ version: 2, content: '<p>Be kind.</p>', latest: false });
    expectError(await read('name=conductRules&version=9'), 404, 'announcement.notFound');

    const restored = await restore(superToken, { name: 'conductRules', version: 2 });
    expectOk(restored, 'restoreAnnouncement.ok', 201);
    expect(restored.body.data).toMatchObject({ version: 4, content: '<p>Be kind.</p>', title: 'Conduct', restoredFrom: 2, latest: true });
    const history = await versions('name=conductRules');
    expectOk(history, 'announcement.ok');
    expect(history.body.total).toBe(4);
    expect(history.body.data.map((v: { version: number; latest: boolean }) => [v.version, v.latest])).toEqual([
      [4, true],
      [3, false],
      [2, false],
      [1, false],
    ]);
    expect(history.body.data[0]).not.toHaveProperty('content');
    expect((await versions('name=conductRules&skip=3&limit=1')).body).toMatchObject({ total: 4, data: [{ version: 1 }] });
    // Documents are versioned apart.
    expect((await read('name=personnelRules')).body.data).toMatchObject({ version: 1, authorId: null });

    const log = await app.request.get(`/api/admin/adminLog?actorId=${superUser.id}&order=asc`).set('x-access-token', superToken);
    expect(log.body.data.map((l: { action: string; detail: Record<string, unknown> }) => [l.action, l.detail.language, l.detail.version])).toEqual([
      ['setAnnouncement', 'en-US', 2],
      ['restoreAnnouncement', 'en-US', 4],
    ]);
  });

  it('keeps a history per language: a reader gets their language, en-US while theirs has none, and each language numbers and restores its own versions', async () => {
    const [de1, de2] = [
      await publish(superToken, { name: 'antiCheatRules', language: 'de-DE', title: 'Regeln 2', content: '<p>Keine Cheats.</p>' }),
      await publish(superToken, { name: 'antiCheatRules', language: 'de-DE', title: 'Regeln 3', content: '<p>Keine Cheats, nirgends.</p>' }),
    ];
    expect([de1.body.data.version, de2.body.data.version]).toEqual([2, 3]);
    expect(de2.body.data).toMatchObject({ language: 'de-DE', latest: true });
    expect((await read('name=antiCheatRules&lang=de-DE')).body.data).toMatchObject({ language: 'de-DE', version: 3, title: 'Regeln 3' });
    // Other languages keep their own latest version.
    expect((await read('name=antiCheatRules&lang=en-US')).body.data).toMatchObject({ language: 'en-US', version: 1 });
    expect((await read('name=antiCheatRules&lang=fr-FR')).body.data).toMatchObject({ language: 'fr-FR', version: 1 });
    // A tag is read as the closest language we ship ("de" is de-DE).
    expect((await read('name=antiCheatRules&lang=de')).body.data).toMatchObject({ language: 'de-DE', version: 3 });
    const dePage = await versions('name=antiCheatRules&lang=de-DE');
    expect(dePage.body).toMatchObject({ total: 3, data: [{ version: 3, language: 'de-DE', latest: true }, { version: 2 }, { version: 1 }] });

    const back = await restore(superToken, { name: 'antiCheatRules', language: 'de-DE', version: 2 });
    expectOk(back, 'restoreAnnouncement.ok', 201);
    expect(back.body.data).toMatchObject({ language: 'de-DE', version: 4, title: 'Regeln 2', restoredFrom: 2 });
    expectError(await restore(superToken, { name: 'antiCheatRules', language: 'it-IT', version: 2 }), 404, 'restoreAnnouncement.notFound');
  });

  it('answers a document nobody published with data null (not an error), in every language, and only an asked version that does not exist with 404', async () => {
    // A site where the document was never published (the start-up seed writes none once a version existed).
    await app.services.db.delete(announcements).where(eq(announcements.name, 'bulletin'));
    for (const query of ['name=bulletin', 'name=bulletin&lang=ja-JP', 'name=bulletin&lang=xx-YY']) {
      const res = await read(query);
      expectOk(res, 'announcement.ok');
      expect(res.body).toHaveProperty('data', null);
    }
    expectError(await read('name=bulletin&version=1'), 404, 'announcement.notFound');
    expect((await versions('name=bulletin&lang=ja-JP')).body).toMatchObject({ total: 0, data: [] });

    // The first version published in one language is what every reader gets.
    expectOk(await publish(superToken, { name: 'bulletin', language: 'ko-KR', title: '소식', content: '<p>안녕하세요</p>' }), 'setAnnouncement.ok', 201);
    expect((await read('name=bulletin&lang=ko-KR')).body.data).toMatchObject({ language: 'ko-KR', version: 1, languages: ['ko-KR'] });
    // en-US is the fallback: a reader of another language gets nothing until en-US has a version.
    expect((await read('name=bulletin&lang=ja-JP')).body.data).toBeNull();
    expectOk(await publish(superToken, { name: 'bulletin', title: 'News', content: '<p>Hello</p>' }), 'setAnnouncement.ok', 201);
    expect((await read('name=bulletin&lang=ja-JP')).body.data).toMatchObject({ language: 'en-US', version: 1, languages: ['en-US', 'ko-KR'] });
  });

  it('reaches open pages live on the all room, with the version’s language', async () => {
    const visitor = await app.socket();
    await joinRoom(visitor, 'all');
    const live = nextEvent(visitor, (e) => e.name === 'announcement.published');
    const published = await publish(superToken, { name: 'conductRules', language: 'zh-Cat', title: '喵', content: '<p>Season 2 starts today.</p>' });
    expectOk(published, 'setAnnouncement.ok', 201);
    expect((await live).payload).toMatchObject({ announcement: { name: 'conductRules', language: 'zh-Cat', version: 2, content: '<p>Season 2 starts today.</p>', latest: true, languages: [...LANGUAGE_CODES] } });
  });

  it("says which point of the all room it is current as of, so a page that joins from there gets what was published after its read", async () => {
    const before = await read('name=conductRules&lang=de-DE');
    expect(before.body.lastSeq).toEqual(expect.any(Number));
    expectOk(await publish(superToken, { name: 'conductRules', language: 'de-DE', title: 'Verhalten', content: '<p>Published between the read and the join.</p>' }), 'setAnnouncement.ok', 201);
    const page = await app.socket();
    const replayed = nextEvent(page, (e) => e.name === 'announcement.published');
    const joined = await page.timeout(3_000).emitWithAck('room:join', { room: 'all', lastSeq: before.body.lastSeq });
    expect(joined).toMatchObject({ ok: true, room: 'all' });
    expect((await replayed).payload).toMatchObject({ announcement: { name: 'conductRules', language: 'de-DE', content: '<p>Published between the read and the join.</p>' } });
    const after = await read('name=conductRules&lang=de-DE');
    expect(after.body.lastSeq).toBeGreaterThan(before.body.lastSeq);
  });

  it('is written by super and root only, and validates', async () => {
    for (const privileges of [['dev'], ['admin'], ['normal']]) {
      const { token } = await app.factories.signedIn({ privileges });
      expectError(await publish(token, { name: 'bulletin', content: '<p>x</p>' }), 403, 'user.permissionDenined');
      expectError(await restore(token, { name: 'bulletin', version: 1 }), 403, 'user.permissionDenined');
    }
    expectInvalid(await publish(superToken, { name: 'gossip', content: '<p>x</p>' }), 'setAnnouncement.bad', 'data.name');
    expectInvalid(await publish(superToken, { name: 'bulletin', content: '' }), 'setAnnouncement.bad', 'data.content');
    expectInvalid(await publish(superToken, { name: 'bulletin', language: 'xx-YY', content: '<p>x</p>' }), 'setAnnouncement.bad', 'data.language');
    expectInvalid(await restore(superToken, { name: 'bulletin', language: 'de', version: 1 }), 'restoreAnnouncement.bad', 'data.language');
    expectError(await publish(superToken, { name: 'bulletin', content: '<script>only()</script>' }), 400, 'setAnnouncement.bad');
    expectError(await restore(superToken, { name: 'antiCheatRules', version: 5 }), 404, 'restoreAnnouncement.notFound');
    expectInvalid(await read('name=gossip'), 'announcement.bad', 'name');
    expectInvalid(await read(`name=bulletin&lang=${'x'.repeat(36)}`), 'announcement.bad', 'lang');
  });

  it('numbers concurrent publications without a gap or a clash', async () => {
    const results = await Promise.all([1, 2, 3, 4].map((i) => publish(superToken, { name: 'personnelRules', content: `<p>draft ${i}</p>` })));
    for (const r of results) expectOk(r, 'setAnnouncement.ok', 201);
    expect(results.map((r) => r.body.data.version).sort()).toEqual([2, 3, 4, 5]);
  });
});
