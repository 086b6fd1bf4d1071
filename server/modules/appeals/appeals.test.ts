import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { adminLog, messages, players, users } from '@server/db/schema';
import { createTestApp, joinRoom, nextEvent, PUBLIC_URL, type TestApp, type TestUser } from '@server/test/harness';
import { expectError, expectInvalid, expectOk } from '@server/test/expect';
import { report } from '@server/test/cases';
import { makeZip } from '@server/test/zip';
import { png } from '@server/test/media';
import { confirmOverdueSuspect } from '@server/modules/judgement/suspect-deadline';

let app: TestApp;
let bot: string;
let superToken: string;
let adminA: { user: TestUser; token: string };
let adminB: { user: TestUser; token: string };
beforeAll(async () => {
  app = await createTestApp();
  ({ token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true }));
  ({ token: superToken } = await app.factories.signedIn({ privileges: ['super'] }));
  adminA = await app.factories.signedIn({ privileges: ['admin'] });
  adminB = await app.factories.signedIn({ privileges: ['admin'] });
});
afterAll(() => app?.close());

const DAY = 24 * 60 * 60 * 1000;
const caseRow = async (id: number) => (await app.services.db.select().from(players).where(eq(players.id, id)))[0]!;
const setStatus = (id: number, status: number) => app.services.db.update(players).set({ status }).where(eq(players.id, id));

/** A signed-in user and a case opened on their own bound game account, in `status`. */
async function accusedWithCase(status = 1) {
  const owner = await app.factories.signedIn();
  const res = await report(app, bot, owner.user.account!);
  const dbId = res.body.data.dbId as number;
  await setStatus(dbId, status);
  return { ...owner, dbId };
}

let n = 0;
const appeal = (token: string, toPlayerId: number, data: Record<string, unknown> = {}) =>
  app.request
    .post('/api/player/banAppeal')
    .set('x-access-token', token)
    .send({ data: { toPlayerId, appealType: 'farm', content: `<p>I was farming camos, round ${++n}, see the recording.</p>`, extendedLinks: { videoLink: 'https://www.youtube.com/watch?v=pov' }, ...data } });

const upload = (token: string | null, bytes: Buffer) => {
  const req = app.request.put('/api/service/upload').set('Content-Type', 'application/octet-stream');
  if (token) req.set('x-access-token', token);
  return req.send(bytes);
};

const judge = (token: string, toPlayerId: number, action: string, extra: Record<string, unknown> = {}) =>
  app.request.post('/api/player/judgement').set('x-access-token', token).send({ data: { toPlayerId, action, content: `<p>Decision ${++n}: reviewed all of the evidence.</p>`, ...extra } });

describe('POST /api/player/banAppeal', () => {
  it('the owner of the game account appeals a confirmed case: 201, status 9, staff told live', async () => {
    const { token, user, dbId } = await accusedWithCase(1);
    const staff = await app.socket(adminA.token);
    await joinRoom(staff, 'staff');
    const toStaff = nextEvent(staff, (e) => e.name === 'notification');
    const res = await appeal(token, dbId);
    expectOk(res, 'banAppeal.success', 201);
    expect(await caseRow(dbId)).toMatchObject({ status: 9, appealStatus: 'unprocessed' });
    expect((await toStaff).payload).toMatchObject({ type: 'banAppeal', playerId: dbId });
    const tl = await app.request.get(`/api/player/timeline?dbId=${dbId}&subject=banAppeal`).set('x-access-token', token);
    expect(tl.body.data.result[0]).toMatchObject({
      type: 'banAppeal',
      byUserId: user.id,
      appealStatus: 'unprocessed',
      viewedAdmins: [],
      content: { appealType: 'farm', extendedLinks: { videoLink: 'https://www.youtube.com/watch?v=pov' } },
    });
  });

  it('refuses a muted owner with its own code, saying until when', async () => {
    const { token, user, dbId } = await accusedWithCase(1);
    const until = new Date(Date.now() + 3_600_000).toISOString();
    await app.services.db.update(users).set({ attr: { ...(await app.factories.userRow(user.id)).attr, mute: until } }).where(eq(users.id, user.id));
    const res = await appeal(token, dbId);
    expectError(res, 403, 'banAppeal.muted');
    expect(res.body.message).toBe(`muted until ${until}`);
    expect((await caseRow(dbId)).status).toBe(1);
  });

  it('reads a missing type as `none` (as the Discord bot sends it)', async () => {
    const { token, dbId } = await accusedWithCase(2);
    const res = await app.request.post('/api/player/banAppeal').set('x-access-token', token).send({ data: { toPlayerId: dbId, content: '<p>not me, my brother</p>' } });
    expectOk(res, 'banAppeal.success', 201);
  });

  it('decides ownership from the signed-in account, never from the request', async () => {
    const { dbId, user } = await accusedWithCase(1);
    const stranger = await app.factories.signedIn();
    expectError(await appeal(stranger.token, dbId, { toOriginPersonaId: user.account!.personaId }), 403, 'user.permissionDenied');
    expectOk(await appeal(superToken, dbId), 'banAppeal.success', 201);
  });

  it('only from status 1 or 2', async () => {
    for (const status of [0, 3, 4, 5, 6, 7, 8]) {
      const { token, dbId } = await accusedWithCase(status);
      expectError(await appeal(token, dbId), 400, 'banAppeal.noNeed');
    }
  });

  it('one appeal per 24 hours, and none while one is locked', async () => {
    const { token, dbId } = await accusedWithCase(1);
    expectOk(await appeal(token, dbId), 'banAppeal.success', 201);
    expectOk(await app.request.post('/api/admin/setAppeal').set('x-access-token', adminA.token).send({ toPlayerId: dbId }), 'setAppeal.success');
    expect((await caseRow(dbId)).status).toBe(1);
    expectError(await appeal(token, dbId), 429, 'banAppeal.timeLimit');

    const other = await accusedWithCase(2);
    const filed = await appeal(other.token, other.dbId);
    const lock = await app.request.post('/api/player/viewBanAppeal').set('x-access-token', adminA.token).send({ data: { id: filed.body.data.id, status: 'lock' } });
    expectOk(lock, 'viewBanAppeal.success');
    expect(lock.body.data).toMatchObject({ appealStatus: 'lock', viewedAdmins: [adminA.user.id] });
    expect((await caseRow(other.dbId)).appealStatus).toBe('lock');
    expectError(await judge(superToken, other.dbId, 'innocent'), 403, 'judgement.appealLock');
    expectError(await appeal(superToken, other.dbId), 403, 'banAppeal.locked');
    expectOk(await app.request.post('/api/player/viewBanAppeal').set('x-access-token', adminB.token).send({ data: { id: filed.body.data.id, status: 'open' } }), 'viewBanAppeal.success');
    expectOk(await judge(superToken, other.dbId, 'innocent'), 'judgement.success');
  });

  it('refuses unknown cases, unbound and banned accounts, and bad bodies', async () => {
    const { token } = await accusedWithCase(1);
    expectError(await appeal(token, 99_999_999), 404, 'banAppeal.notFound');
    const unbound = await app.factories.signedIn({ bound: false });
    expectError(await appeal(unbound.token, 1), 403, 'user.needBindEaAccount');
    const banned = await app.factories.signedIn({ privileges: ['blacklisted'] });
    expectError(await appeal(banned.token, 1), 403, 'user.permissionDenined');
    expectInvalid(await appeal(token, 1, { appealType: 'bribe' }), 'banAppeal.bad', 'data.appealType');
    expectInvalid(await appeal(token, 1, { content: '' }), 'banAppeal.bad', 'data.content');
    expectInvalid(await appeal(token, 1, { extendedLinks: { btrLink: 'javascript:alert(1)' } }), 'banAppeal.bad', 'data.extendedLinks.btrLink');
  });
});

describe('MOSS archives', () => {
  it('a zip with Logfile.log is accepted and linked; attachments are for signed-in users only', async () => {
    const { token, dbId } = await accusedWithCase(2);
    const up = await upload(token, makeZip([{ name: 'moss/Logfile.log', content: 'MOSS log\n' }, { name: 'moss/screens/1.txt', content: 'x' }]));
    expectOk(up, 'upload.success', 201);
    expect(up.body.data).toMatchObject({ mimeType: 'application/zip', name: expect.stringMatching(/\.zip$/), hasMossLog: true });
    const link = `${app.url}${up.body.data.downloadURL}`;
    expectOk(await appeal(token, dbId, { appealType: 'moss', extendedLinks: { mossDownloadUrl: link } }), 'banAppeal.success', 201);
    const visitorView = await app.request.get(`/api/player/timeline?dbId=${dbId}&subject=banAppeal`);
    expect(visitorView.body.data.result[0].content.extendedLinks).not.toHaveProperty('mossDownloadUrl');
    const viewed = await app.request.post('/api/player/viewBanAppeal').set('x-access-token', adminA.token).send({ data: { id: visitorView.body.data.result[0].id } });
    expect(viewed.body.data.content.extendedLinks.mossDownloadUrl).toBe(`${PUBLIC_URL}${up.body.data.downloadURL}`);
    expectError(await app.request.get(up.body.data.downloadURL), 403, 'user.permissionDenied');
    const download = await app.request.get(up.body.data.downloadURL).set('x-access-token', adminA.token).buffer(true).parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    expect(download.status).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment/);
    expect((download.body as Buffer).subarray(0, 2).toString()).toBe('PK');
  });

  it('visitors get none of an appeal’s links, neither read nor live; members read them', async () => {
    const { token, dbId } = await accusedWithCase(2);
    const visitorSocket = await app.socket();
    await joinRoom(visitorSocket, `case:${dbId}`);
    const added = nextEvent(visitorSocket, (e) => e.name === 'timeline.added' && (e.payload as { entry: { type: string } }).entry.type === 'banAppeal');
    const links = { videoLink: 'https://www.youtube.com/watch?v=pov-secret', btrLink: 'https://battlefieldtracker.com/bf1/profile/pc/secret' };
    const res = await appeal(token, dbId, { extendedLinks: links });
    expectOk(res, 'banAppeal.success', 201);
    const live = JSON.stringify((await added).payload);
    const updated = nextEvent(visitorSocket, (e) => e.name === 'timeline.updated');
    expectOk(await app.request.post('/api/player/viewBanAppeal').set('x-access-token', adminA.token).send({ data: { id: res.body.data.id, status: 'lock' } }), 'viewBanAppeal.success');
    const liveUpdate = JSON.stringify((await updated).payload);
    const member = await app.factories.signedIn();
    for (const path of [`/api/player/timeline?dbId=${dbId}&subject=banAppeal`, `/api/player/timeline/item?id=${res.body.data.id}`]) {
      const asVisitor = await app.request.get(path);
      const entry = asVisitor.body.data.result?.[0] ?? asVisitor.body.data;
      expect(entry.content, path).toMatchObject({ showAttachment: false, extendedLinks: {} });
      expect(JSON.stringify(asVisitor.body), path).not.toContain('secret');
      const asMember = await app.request.get(path).set('x-access-token', member.token);
      expect((asMember.body.data.result?.[0] ?? asMember.body.data).content, path).toMatchObject({ showAttachment: true, extendedLinks: links });
    }
    for (const payload of [live, liveUpdate]) expect(payload).not.toContain('secret');
    visitorSocket.disconnect();
  });

  it('a banned account’s token reads exactly what a visitor reads (timeline, entry, archive); a member reads the attachment', async () => {
    const { token, dbId } = await accusedWithCase(2);
    const up = await upload(token, makeZip([{ name: 'Logfile.log', content: 'MOSS log\n' }]));
    const res = await appeal(token, dbId, { appealType: 'moss', extendedLinks: { mossDownloadUrl: up.body.data.downloadURL } });
    expectOk(res, 'banAppeal.success', 201);
    const member = await app.factories.signedIn();
    const banned = await app.factories.signedIn();
    // Banned after signing in: the token stays valid; the account is read anew on every request.
    await app.services.db.update(users).set({ privileges: ['blacklisted'] }).where(eq(users.id, banned.user.id));
    const paths = [`/api/player/timeline?dbId=${dbId}&subject=banAppeal`, `/api/player/timeline/item?id=${res.body.data.id}`];
    for (const path of paths) {
      const asMember = await app.request.get(path).set('x-access-token', member.token);
      const entry = asMember.body.data.result?.[0] ?? asMember.body.data;
      expect(entry.content, path).toMatchObject({ showAttachment: true, extendedLinks: { mossDownloadUrl: `${PUBLIC_URL}${up.body.data.downloadURL}` } });
      const asVisitor = await app.request.get(path);
      const asBanned = await app.request.get(path).set('x-access-token', banned.token);
      expectOk(asBanned, asVisitor.body.code);
      expect(asBanned.body, path).toEqual(asVisitor.body);
      expect(JSON.stringify(asBanned.body), path).not.toContain('mossDownloadUrl');
    }
    expect((await app.request.get(up.body.data.downloadURL).set('x-access-token', member.token)).status).toBe(200);
    expectError(await app.request.get(up.body.data.downloadURL).set('x-access-token', banned.token), 403, 'user.permissionDenied');
    // Still signed in: its own account and messages read as before.
    expectOk(await app.request.get('/api/user/me').set('x-access-token', banned.token), 'userInfo.success');
  });

  it('takes the archive as the upload answered it: its name, its relative downloadURL, or that URL absolute on our site', async () => {
    const zip = () => makeZip([{ name: 'Logfile.log', content: 'MOSS log\n' }]);
    const forms: Array<(up: { name: string; downloadURL: string }) => string> = [
      (up) => up.name,
      (up) => up.downloadURL,
      (up) => `${PUBLIC_URL}${up.downloadURL}`,
      (up) => `${app.url}${up.downloadURL}`,
    ];
    for (const form of forms) {
      const { token, dbId } = await accusedWithCase(1);
      const up = await upload(token, zip());
      expectOk(up, 'upload.success', 201);
      const res = await appeal(token, dbId, { appealType: 'moss', extendedLinks: { mossDownloadUrl: form(up.body.data) } });
      expectOk(res, 'banAppeal.success', 201);
      const viewed = await app.request.post('/api/player/viewBanAppeal').set('x-access-token', adminA.token).send({ data: { id: res.body.data.id } });
      expect(viewed.body.data.content.extendedLinks.mossDownloadUrl).toBe(`${PUBLIC_URL}/api/service/file?filename=${up.body.data.name}`);
    }
  });

  it('refuses the archive behind a foreign site, another path of ours or an unknown name', async () => {
    const { token, dbId } = await accusedWithCase(1);
    const up = await upload(token, makeZip([{ name: 'Logfile.log', content: 'MOSS log\n' }]));
    const { name, downloadURL } = up.body.data as { name: string; downloadURL: string };
    for (const link of [
      `https://evil.example${downloadURL}`,
      `//evil.example${downloadURL}`,
      `/\\evil.example${downloadURL}`,
      `https://evil.example/${name}`,
      `/api/service/upload?filename=${name}`,
      `/api/service/file?filename=2020-01-01_00000000-0000-0000-0000-000000000000.zip`,
      'not a link',
    ]) {
      expectError(await appeal(token, dbId, { appealType: 'moss', extendedLinks: { mossDownloadUrl: link } }), 400, 'banAppeal.bad');
    }
    expect((await caseRow(dbId)).status).toBe(1);
  });

  it('refuses a MOSS appeal without the archive, with a zip lacking Logfile.log, or with somebody else’s file', async () => {
    const { token, dbId } = await accusedWithCase(1);
    expectError(await appeal(token, dbId, { appealType: 'moss' }), 400, 'banAppeal.bad');
    const noLog = await upload(token, makeZip([{ name: 'readme.txt', content: 'hello' }]));
    expectOk(noLog, 'upload.success', 201);
    expect(noLog.body.data.hasMossLog).toBe(false);
    const res = await appeal(token, dbId, { appealType: 'moss', extendedLinks: { mossDownloadUrl: `${app.url}${noLog.body.data.downloadURL}` } });
    expectError(res, 400, 'banAppeal.bad');
    expect(res.body.message).toMatch(/not a valid zip archive/);
    const other = await app.factories.signedIn();
    const theirs = await upload(other.token, makeZip([{ name: 'Logfile.log', content: 'theirs' }]));
    expectError(await appeal(token, dbId, { appealType: 'moss', extendedLinks: { mossDownloadUrl: `${app.url}${theirs.body.data.downloadURL}` } }), 400, 'banAppeal.bad');
    expect((await caseRow(dbId)).status).toBe(1);
  });

  it('refuses broken archives, path tricks, other types and oversize bodies at upload', async () => {
    const { token } = await app.factories.signedIn();
    const broken = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(64, 7)]);
    const bad = await upload(token, broken);
    expectError(bad, 400, 'upload.bad');
    expect(bad.body.message).toMatch(/not a valid zip archive/);
    expectError(await upload(token, makeZip([{ name: '../../etc/Logfile.log', content: 'x' }])), 400, 'upload.bad');
    expectError(await upload(token, makeZip([{ name: '/abs/Logfile.log', content: 'x' }])), 400, 'upload.bad');
    // Zip-bomb headers: absurd declared sizes or entry counts are refused without inflating anything.
    const bomb = makeZip(Array.from({ length: 3 }, (_, i) => ({ name: `layer${i}/Logfile.log`, content: 'x', declaredSize: 0xfffffff0 })));
    expectError(await upload(token, bomb), 400, 'upload.bad');
    expectError(await upload(token, makeZip(Array.from({ length: 2001 }, (_, i) => ({ name: `f${i}.txt`, content: '' })))), 400, 'upload.bad');
    expectError(await upload(token, Buffer.from('#!/bin/sh\necho hi\n')), 415, 'upload.unsupport');
    expectError(await upload(token, Buffer.alloc(0)), 400, 'upload.bad');
    expectError(await upload(token, Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(3 * 1024 * 1024)])), 413, 'upload.tooLarge');
    const banned = await app.factories.signedIn({ privileges: ['blacklisted'] });
    expectError(await upload(banned.token, makeZip([{ name: 'Logfile.log', content: 'x' }])), 403, 'user.permissionDenied');
    expectError(await upload(null, makeZip([{ name: 'Logfile.log', content: 'x' }])), 401, 'user.tokenExpired');
  });

  it('serves images to everyone once processed and explains files; unknown names are 404', async () => {
    const { token } = await app.factories.signedIn();
    const up = await upload(token, await png());
    expectOk(up, 'upload.success', 201);
    const explain = () => app.request.get(`${up.body.data.downloadURL}&explain=true`);
    for (let i = 0; i < 200 && (await explain()).body.data.state !== 'ready'; i++) await new Promise((r) => setTimeout(r, 25));
    const got = await app.request.get(up.body.data.downloadURL);
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    const explained = await explain();
    expectOk(explained, 'file.ok');
    expect(explained.body.data).toMatchObject({ filename: up.body.data.name, size: got.body.length, mimeType: 'image/png', state: 'ready' });
    expectError(await app.request.get('/api/service/file?filename=2026-01-01_00000000-0000-0000-0000-000000000000.png'), 404, 'file.notFound');
    expectError(await app.request.get('/api/service/file?filename=../../package.json'), 404, 'file.notFound');
  });
});

describe('resolving appeals', () => {
  it('accepted: a lenient judgement takes the case out of 9; the appellant is told', async () => {
    const { token, user, dbId } = await accusedWithCase(1);
    const filed = await appeal(token, dbId);
    const s = await app.socket(token);
    await joinRoom(s, `user:${user.id}`);
    const told = nextEvent(s, (e) => e.name === 'notification' && (e.payload as { content: string }).content.includes('accepted'));
    const caseRoom = await app.socket();
    await joinRoom(caseRoom, `case:${dbId}`);
    const updated = nextEvent(caseRoom, (e) => e.name === 'timeline.updated');
    expectOk(await judge(adminA.token, dbId, 'farm'), 'judgement.success');
    expect(await caseRow(dbId)).toMatchObject({ status: 8, appealStatus: 'accept' });
    const verdicts = await app.request.get(`/api/player/timeline?dbId=${dbId}&subject=judgement&order=desc&limit=1`);
    expect(verdicts.body.data.result[0]).toMatchObject({ judgeAction: 'farm', appealOutcome: 'accept' });
    expect((await updated).payload).toMatchObject({ entry: { id: filed.body.data.id, appealStatus: 'accept' } });
    await told;
    expectError(await app.request.post('/api/admin/setAppeal').set('x-access-token', adminA.token).send({ toPlayerId: dbId }), 400, 'banAppeal.noNeed');
  });

  it('failed: back to the status before the appeal (setAppeal, viewBanAppeal close, or a guilt judgement)', async () => {
    for (const how of ['setAppeal', 'close', 'guilt'] as const) {
      const { token, dbId } = await accusedWithCase(2);
      const filed = await appeal(token, dbId);
      if (how === 'setAppeal') expectOk(await app.request.post('/api/admin/setAppeal').set('x-access-token', adminA.token).send({ toPlayerId: dbId }), 'setAppeal.success');
      if (how === 'close') expectOk(await app.request.post('/api/player/viewBanAppeal').set('x-access-token', adminA.token).send({ data: { id: filed.body.data.id, status: 'close' } }), 'viewBanAppeal.success');
      if (how === 'guilt') expectOk(await judge(adminA.token, dbId, 'guilt', { cheatMethods: ['aimbot'] }), 'judgement.success');
      expect({ how, ...(await caseRow(dbId)) }).toMatchObject({ how, status: 2, appealStatus: 'fail' });
      const tl = await app.request.get(`/api/player/timeline?dbId=${dbId}&subject=banAppeal`);
      expect(tl.body.data.result[0].appealStatus).toBe('fail');
    }
  });

  it('failing an appeal writes the verdict of the status it returns to: suspect back to 2, guilt with the methods back to 1', async () => {
    const cases = [
      { how: 'setAppeal', status: 2, action: 'suspect', methods: null },
      { how: 'close', status: 2, action: 'suspect', methods: null },
      { how: 'setAppeal', status: 1, action: 'guilt', methods: ['aimbot'] },
    ] as const;
    for (const c of cases) {
      const { token, dbId } = await accusedWithCase(c.status);
      if (c.status === 1) await app.services.db.update(players).set({ cheatMethods: ['aimbot'] }).where(eq(players.id, dbId));
      const filed = await appeal(token, dbId);
      if (c.how === 'setAppeal') expectOk(await app.request.post('/api/admin/setAppeal').set('x-access-token', adminA.token).send({ toPlayerId: dbId }), 'setAppeal.success');
      else expectOk(await app.request.post('/api/player/viewBanAppeal').set('x-access-token', adminA.token).send({ data: { id: filed.body.data.id, status: 'close' } }), 'viewBanAppeal.success');
      const verdicts = await app.request.get(`/api/player/timeline?dbId=${dbId}&subject=judgement&order=desc&limit=1`);
      const verdict = verdicts.body.data.result[0];
      expect({ ...c, got: [verdict.judgeAction, verdict.appealOutcome, verdict.cheatMethods ?? null] }).toEqual({ ...c, got: [c.action, 'fail', c.methods] });
      const row = await caseRow(dbId);
      expect({ ...c, status: row.status, methods: row.cheatMethods }).toEqual({ ...c, status: c.status, methods: c.methods ?? [] });
    }
  });

  it('a failed appeal gives the case back its status start: the suspect’s 7 days are not restarted', async () => {
    for (const how of ['setAppeal', 'guilt'] as const) {
      const { token, dbId } = await accusedWithCase(2);
      const suspectSince = new Date(Date.now() - 5 * DAY);
      await app.services.db.update(players).set({ statusTime: suspectSince }).where(eq(players.id, dbId));
      expectOk(await appeal(token, dbId), 'banAppeal.success', 201);
      expect((await caseRow(dbId)).statusTime.getTime()).toBeGreaterThan(suspectSince.getTime());
      if (how === 'setAppeal') expectOk(await app.request.post('/api/admin/setAppeal').set('x-access-token', adminA.token).send({ toPlayerId: dbId }), 'setAppeal.success');
      else expectOk(await judge(adminA.token, dbId, 'guilt', { cheatMethods: ['aimbot'] }), 'judgement.success');
      expect({ how, status: (await caseRow(dbId)).status, since: (await caseRow(dbId)).statusTime.getTime() }).toEqual({ how, status: 2, since: suspectSince.getTime() });
      // Two days later the 7 days of the verdict are over.
      expect(await confirmOverdueSuspect(app.services, dbId, new Date(Date.now() + 2 * DAY + 60_000))).toBe(true);
      expect((await caseRow(dbId)).status).toBe(1);
    }
  });

  it('failing, locking and opening an appeal are in the admin log', async () => {
    const { token, dbId } = await accusedWithCase(2);
    const filed = await appeal(token, dbId);
    const view = (status: string) => app.request.post('/api/player/viewBanAppeal').set('x-access-token', adminA.token).send({ data: { id: filed.body.data.id, status } });
    expectOk(await view('lock'), 'viewBanAppeal.success');
    expectOk(await view('open'), 'viewBanAppeal.success');
    expectOk(await app.request.post('/api/admin/setAppeal').set('x-access-token', adminA.token).send({ toPlayerId: dbId }), 'setAppeal.success');
    const rows = await app.services.db.select().from(adminLog).where(eq(adminLog.targetCaseId, dbId)).orderBy(asc(adminLog.id));
    expect(rows.map((r) => [r.actorId, r.action, r.targetEntryId, r.detail])).toEqual([
      [adminA.user.id, 'viewBanAppeal', filed.body.data.id, { from: 'unprocessed', to: 'lock' }],
      [adminA.user.id, 'viewBanAppeal', filed.body.data.id, { from: 'lock', to: 'unprocessed' }],
      [adminA.user.id, 'setAppeal', filed.body.data.id, { to: 'fail' }],
    ]);
  });

  it('two staff failing one appeal at the same moment write one verdict', async () => {
    const { token, dbId } = await accusedWithCase(1);
    await appeal(token, dbId);
    const results = await Promise.all([adminA, adminB].map((a) => app.request.post('/api/admin/setAppeal').set('x-access-token', a.token).send({ toPlayerId: dbId })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const verdicts = await app.request.get(`/api/player/timeline?dbId=${dbId}&subject=judgement`);
    expect(verdicts.body.data.result.filter((e: { appealOutcome?: string }) => e.appealOutcome === 'fail')).toHaveLength(1);
    expect((await caseRow(dbId)).status).toBe(1);
  });

  it('discuss and more leave the appeal open', async () => {
    const { token, dbId } = await accusedWithCase(1);
    await appeal(token, dbId);
    expectOk(await judge(adminA.token, dbId, 'discuss'), 'judgement.success');
    expect(await caseRow(dbId)).toMatchObject({ status: 9, appealStatus: 'unprocessed' });
  });

  it('viewBanAppeal records viewers; the staff notice is cleared after two; staff only; 404 for others', async () => {
    const { token, dbId } = await accusedWithCase(1);
    const filed = await appeal(token, dbId);
    const id = filed.body.data.id as number;
    const notices = () => app.services.db.select().from(messages).where(and(eq(messages.type, 'banAppeal'), eq(messages.playerId, dbId), isNull(messages.toUserId)));
    expect(await notices()).toHaveLength(1);
    const announce = async (t: string) => (await app.request.get('/api/message?box=announce').set('x-access-token', t)).body.data.messages.filter((m: { playerId: number }) => m.playerId === dbId);
    expect(await announce(adminA.token)).toEqual([expect.objectContaining({ type: 'banAppeal' })]);
    expect(await announce(token)).toEqual([]);
    const view = (t: string, data: Record<string, unknown> = {}) => app.request.post('/api/player/viewBanAppeal').set('x-access-token', t).send({ data: { id, ...data } });
    expectOk(await view(adminA.token), 'viewBanAppeal.success');
    expectOk(await view(adminA.token), 'viewBanAppeal.success');
    expect(await notices()).toHaveLength(1);
    const second = await view(adminB.token);
    expect(second.body.data.viewedAdmins).toEqual([adminA.user.id, adminB.user.id]);
    expect(await notices()).toHaveLength(0);
    expect(await announce(adminA.token)).toEqual([]);
    expectError(await view(token), 403, 'user.permissionDenied');
    expectError(await app.request.post('/api/player/viewBanAppeal').set('x-access-token', adminA.token).send({ data: { id: 99_999_999 } }), 404, 'banAppeal.notFound');
    expectInvalid(await view(adminA.token, { status: 'burn' }), 'viewBanAppeal.bad', 'data.status');
    const normal = await app.factories.signedIn();
    expectError(await app.request.post('/api/admin/setAppeal').set('x-access-token', normal.token).send({ toPlayerId: dbId }), 403, 'user.permissionDenied');
    expectError(await app.request.post('/api/admin/setAppeal').set('x-access-token', adminA.token).send({ toPlayerId: 99_999_999 }), 404, 'setAppeal.notFound');
  });
});
