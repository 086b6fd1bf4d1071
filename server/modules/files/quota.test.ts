import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { files, mediaQuotas } from '@server/db/schema';
import { createTestApp, type TestApp } from '@server/test/harness';
import { expectError, expectInvalid, expectOk } from '@server/test/expect';
import { LIMITS, MEDIA_QUOTAS } from '@shared/limits';
import { newFileName } from '../../infra/storage';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

/** A small mp4 (ready at once: no job changes its size). */
const mp4 = (size = 4096) => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom\0\0\x02\0isomiso2', 'latin1'), Buffer.alloc(size - 24, 7)]);
const put = (token: string, bytes: Buffer) => app.request.put('/api/service/upload').set('x-access-token', token).set('Content-Type', 'application/octet-stream').send(bytes);
const quota = async (token: string) => {
  const res = await app.request.get('/api/service/myStorageQuota').set('x-access-token', token);
  expectOk(res, 'quota.ok');
  return res.body.data;
};
const setQuota = (userId: number, values: Partial<typeof mediaQuotas.$inferInsert>) =>
  app.services.db.insert(mediaQuotas).values({ userId, ...values }).onConflictDoUpdate({ target: mediaQuotas.userId, set: values });

describe('media quotas are enforced', () => {
  it('the 51st file of the day of a normal user → 403 upload.exceedQuota naming the limit', async () => {
    const { user, token } = await app.factories.signedIn();
    await setQuota(user.id, { dayFiles: MEDIA_QUOTAS.normal.dailyFiles - 1 });
    expectOk(await put(token, mp4()), 'upload.success', 201);
    const refused = await put(token, mp4());
    expectError(refused, 403, 'upload.exceedQuota');
    expect(refused.body.message).toMatchObject({ limit: 'dailyFiles', left: 0 });
    expect(await quota(token)).toMatchObject({ todayFileNumber: 50, maxFileNumber: 50, todayTraffic: 4096 });
  });

  it('two uploads racing for the last slot: exactly one succeeds', async () => {
    const { user, token } = await app.factories.signedIn();
    await setQuota(user.id, { dayFiles: MEDIA_QUOTAS.normal.dailyFiles - 1 });
    const results = await Promise.all([put(token, mp4()), put(token, mp4()), put(token, mp4())]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 403, 403]);
    expect(await app.services.db.select().from(files).where(eq(files.byUserId, user.id))).toHaveLength(1);
    expect(await quota(token)).toMatchObject({ todayFileNumber: 50, todayTraffic: 4096, totalStorage: 4096 });
  });

  it('storage and daily traffic limits, named; the refusal takes nothing', async () => {
    const { user, token } = await app.factories.signedIn();
    await setQuota(user.id, { totalBytes: MEDIA_QUOTAS.normal.storageBytes - 1000 });
    const full = await put(token, mp4());
    expectError(full, 403, 'upload.exceedQuota');
    expect(full.body.message).toMatchObject({ limit: 'storage', left: 1000 });
    await setQuota(user.id, { totalBytes: 0, dayBytes: MEDIA_QUOTAS.normal.dailyBytes - 10 });
    const traffic = await put(token, mp4());
    expectError(traffic, 403, 'upload.exceedQuota');
    expect(traffic.body.message).toMatchObject({ limit: 'dailyTraffic', left: 10 });
    expect(await quota(token)).toMatchObject({ totalStorage: 0, todayTraffic: MEDIA_QUOTAS.normal.dailyBytes - 10, todayFileNumber: 0 });
  });

  it('the daily counters start again 24 hours after the window opened', async () => {
    const { user, token } = await app.factories.signedIn();
    const opened = new Date(Date.now() - LIMITS.quotaWindowMs - 60_000);
    await setQuota(user.id, { dayFiles: 50, dayBytes: 5000, totalBytes: 5000, dayStart: opened });
    expect(await quota(token)).toMatchObject({ todayFileNumber: 0, todayTraffic: 0, totalStorage: 5000 });
    expectOk(await put(token, mp4()), 'upload.success', 201);
    const q = await quota(token);
    expect(q).toMatchObject({ todayFileNumber: 1, todayTraffic: 4096, totalStorage: 9096 });
    expect(Date.parse(q.resetTime) - Date.now()).toBeGreaterThan(LIMITS.quotaWindowMs - 60_000);
  });

  it('staff and bots have their own limits', async () => {
    const admin = await app.factories.signedIn({ privileges: ['admin'] });
    expect(await quota(admin.token)).toMatchObject({ maxFileNumber: 2000, maxTrafficQuota: 2 * 1024 ** 3, maxStorageQuota: 10 * 1024 ** 3 });
    const bot = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    expect(await quota(bot.token)).toMatchObject({ maxFileNumber: 500, maxTrafficQuota: MEDIA_QUOTAS.bot.dailyBytes, maxFileSize: LIMITS.uploadVideoBytes });
  });
});

describe('the media library', () => {
  it('deleting a file gives its storage back; owner or super/root/dev only', async () => {
    const owner = await app.factories.signedIn();
    const other = await app.factories.signedIn();
    const superUser = await app.factories.signedIn({ privileges: ['super'] });
    const a = (await put(owner.token, mp4(5000))).body.data.name as string;
    const b = (await put(owner.token, mp4(7000))).body.data.name as string;
    expect(await quota(owner.token)).toMatchObject({ totalStorage: 12000, todayFileNumber: 2 });

    const del = (token: string, name: string) => app.request.delete(`/api/service/file?filename=${name}`).set('x-access-token', token);
    expectError(await del(other.token, a), 403, 'user.permissionDenied');
    expectOk(await del(owner.token, a), 'file.deleted');
    expect(await quota(owner.token)).toMatchObject({ totalStorage: 7000, todayFileNumber: 2 });
    expect(await app.services.storage.stat(a)).toBeNull();
    expectError(await app.request.get(`/api/service/file?filename=${a}`), 404, 'file.notFound');
    expectError(await del(owner.token, a), 404, 'file.notFound');
    // The original's staff page names the file in a JSON body.
    expectInvalid(await app.request.delete('/api/service/file').set('x-access-token', superUser.token), 'file.bad', 'filename');
    expectOk(await app.request.delete('/api/service/file').set('x-access-token', superUser.token).send({ filename: b }), 'file.deleted');
    expect(await app.services.storage.stat(b)).toBeNull();
    expect(await quota(owner.token)).toMatchObject({ totalStorage: 0 });
  });

  it('myFiles: 40 a page, newest first, total beside data; POST files for root/dev with filters', async () => {
    const { user, token } = await app.factories.signedIn();
    const base = Date.now() - 100_000;
    await app.services.db.insert(files).values(
      Array.from({ length: 45 }, (_, i) => ({
        name: newFileName('mp4'),
        byUserId: user.id,
        mimeType: 'video/mp4',
        kind: 'video' as const,
        state: i === 0 ? ('failed' as const) : ('ready' as const),
        size: 100 + i,
        createTime: new Date(base + i * 1000),
      })),
    );
    const first = await app.request.get('/api/service/myFiles').set('x-access-token', token);
    expectOk(first, 'myFiles.ok');
    expect(first.body.total).toBe(45);
    expect(first.body.data).toHaveLength(40);
    expect(first.body.data[0]).toMatchObject({ size: 144, kind: 'video', state: 'ready', mimeType: 'video/mp4', thumbnailURL: null });
    const second = await app.request.get('/api/service/myFiles?skip=40').set('x-access-token', token);
    expect(second.body.data.map((f: { size: number }) => f.size)).toEqual([104, 103, 102, 101, 100]);
    expect(second.body.data[4]).toMatchObject({ state: 'failed' });

    const root = await app.factories.signedIn({ privileges: ['root'] });
    const all = await app.request.post('/api/service/files').set('x-access-token', root.token).send({ data: { userId: user.id, state: 'failed' } });
    expectOk(all, 'files.ok');
    expect(all.body.total).toBe(1);
    expect(all.body.data[0]).toMatchObject({ userId: user.id, state: 'failed', size: 100 });
    expectError(await app.request.post('/api/service/files').set('x-access-token', token).send({ data: {} }), 403, 'user.permissionDenined');
    expectError(await app.request.get('/api/service/myFiles'), 401, 'user.tokenExpired');
  });
});
