import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { files, mediaQuotas, uploadSessions } from '@server/db/schema';
import { createTestApp, type TestApp } from '@server/test/harness';
import { expectError, expectOk } from '@server/test/expect';
import { png } from '@server/test/media';
import { LIMITS, MEDIA_QUOTAS } from '@shared/limits';
import { sweepExpiredSessions } from './sessions';
import path from 'node:path';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

const CHUNK = 2 * 1024 * 1024;
/** An mp4 of `size` bytes: the `ftyp` header, then random bytes. */
const mp4 = (size: number) => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom\0\0\x02\0isomiso2', 'latin1'), crypto.randomBytes(size - 24)]);
const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

async function open(token: string, size: number, mimeType = 'video/mp4') {
  const res = await app.request.post('/api/service/uploadBigFile').set('x-access-token', token).send({ data: { size, mimeType } });
  expectOk(res, 'upload.session');
  expect(res.body.data).toMatchObject({ size, uploadUrl: expect.stringMatching(/^http:\/\/tribunal\.test\/api\/service\/uploadSession\/[A-Za-z0-9_-]{32}$/) });
  return { ...res.body.data, path: new URL(res.body.data.uploadUrl).pathname } as { name: string; size: number; uploadUrl: string; expiredAt: string; path: string };
}
const sendChunk = (path: string, bytes: Buffer, first: number, total: number, range = `bytes ${first}-${first + bytes.length - 1}/${total}`) =>
  app.request.put(path).set('Content-Type', 'application/octet-stream').set('Content-Range', range).send(bytes);
const quota = async (token: string) => (await app.request.get('/api/service/myStorageQuota').set('x-access-token', token)).body.data;

describe('big-file upload sessions', () => {
  it('interrupted after 3 of 5 chunks, resumes from GET uploadUrl; the final file hashes the same', async () => {
    const { user, token } = await app.factories.signedIn();
    const file = mp4(5 * CHUNK - 1000);
    const s = await open(token, file.length);
    expect(await quota(token)).toMatchObject({ todayFileNumber: 1, totalStorage: file.length });
    for (let i = 0; i < 3; i++) {
      const res = await sendChunk(s.path, file.subarray(i * CHUNK, (i + 1) * CHUNK), i * CHUNK, file.length);
      expect(res.status).toBe(202);
      expect(res.body).toMatchObject({ success: 1, nextExpectedRanges: [`${(i + 1) * CHUNK}-`], data: { nextExpectedRanges: [`${(i + 1) * CHUNK}-`] } });
    }
    // The fourth chunk dies half way: the connection drops.
    const socket = net.connect(Number(new URL(app.url).port), '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    socket.write(`PUT ${s.path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/octet-stream\r\nContent-Range: bytes ${3 * CHUNK}-${4 * CHUNK - 1}/${file.length}\r\nContent-Length: ${CHUNK}\r\n\r\n`);
    socket.write(file.subarray(3 * CHUNK, 3 * CHUNK + CHUNK / 2));
    await new Promise((r) => setTimeout(r, 200));
    socket.destroy();

    const status = await app.request.get(s.path);
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ success: 1, nextExpectedRanges: [`${3 * CHUNK}-`], expirationDateTime: expect.any(String) });
    const from = Number(status.body.nextExpectedRanges[0].split('-')[0]);
    expect((await sendChunk(s.path, file.subarray(from, from + CHUNK), from, file.length)).status).toBe(202);
    const last = await sendChunk(s.path, file.subarray(from + CHUNK), from + CHUNK, file.length);
    expectOk(last, 'upload.success', 201);
    expect(last.body.data).toMatchObject({ name: s.name, size: file.length, mimeType: 'video/mp4', state: 'ready' });

    const got = await app.request.get(last.body.data.downloadURL).buffer(true).parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    expect(sha256(got.body as Buffer)).toBe(sha256(file));
    expect(await quota(token)).toMatchObject({ todayFileNumber: 1, totalStorage: file.length, todayTraffic: file.length });
    expect(await app.services.db.select().from(uploadSessions).where(eq(uploadSessions.userId, user.id))).toEqual([]);
    expectError(await app.request.get(s.path), 404, 'upload.sessionNotFound');
  });

  it('a wrong Content-Range gets 416 with where to go on', async () => {
    const { token } = await app.factories.signedIn();
    const file = mp4(3 * CHUNK);
    const s = await open(token, file.length);
    const skip = await sendChunk(s.path, file.subarray(CHUNK, 2 * CHUNK), CHUNK, file.length);
    expectError(skip, 416, 'upload.badRange');
    expect(skip.body.message).toMatchObject({ nextExpectedRanges: ['0-'] });
    expectError(await sendChunk(s.path, file.subarray(0, CHUNK), 0, file.length, `bytes 0-${CHUNK - 1}/${file.length + 1}`), 416, 'upload.badRange');
    expectError(await sendChunk(s.path, file.subarray(0, CHUNK), 0, file.length, 'bytes=0-10'), 416, 'upload.badRange');
    expectError(await sendChunk(s.path, file.subarray(0, CHUNK), 0, file.length, `bytes 0-${CHUNK}/${file.length}`), 416, 'upload.badRange');
    const tooBig = mp4(LIMITS.uploadChunkBytes + 1);
    const big = await open(token, LIMITS.uploadChunkBytes + 1);
    expectError(await sendChunk(big.path, tooBig, 0, tooBig.length), 416, 'upload.badRange');
    expect((await sendChunk(s.path, file.subarray(0, CHUNK), 0, file.length)).status).toBe(202);
    const again = await sendChunk(s.path, file.subarray(0, CHUNK), 0, file.length);
    expectError(again, 416, 'upload.badRange');
    expect(again.body.message).toMatchObject({ nextExpectedRanges: [`${CHUNK}-`] });
  });

  it('an expired session is 404; the sweep removes its part and gives the quota back', async () => {
    const { user, token } = await app.factories.signedIn();
    const file = mp4(CHUNK * 2);
    const s = await open(token, file.length);
    expect((await sendChunk(s.path, file.subarray(0, CHUNK), 0, file.length)).status).toBe(202);
    const id = s.path.split('/').pop()!;
    // The local disk keeps one part file per session (server/infra/storage-local.ts).
    const part = path.join(app.services.config.uploadDir, '.parts', `${id}.part`);
    expect(fs.statSync(part).size).toBe(CHUNK);
    await app.services.db.update(uploadSessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(uploadSessions.id, id));
    expectError(await sendChunk(s.path, file.subarray(CHUNK), CHUNK, file.length), 404, 'upload.sessionNotFound');
    expectError(await app.request.get(s.path), 404, 'upload.sessionNotFound');
    expect(await sweepExpiredSessions(app.services)).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(part)).toBe(false);
    expect(await quota(token)).toMatchObject({ todayFileNumber: 0, totalStorage: 0, todayTraffic: 0 });
    expect(await app.services.db.select().from(uploadSessions).where(eq(uploadSessions.userId, user.id))).toEqual([]);
  });

  it('the bytes must be the announced type; a refusal at the end leaves nothing', async () => {
    const { user, token } = await app.factories.signedIn();
    const image = await png(300, 200);
    const s = await open(token, image.length, 'video/mp4');
    expectError(await sendChunk(s.path, image, 0, image.length), 415, 'upload.unsupport');
    expect(await app.services.db.select().from(files).where(eq(files.byUserId, user.id))).toEqual([]);
    expect(await app.services.storage.stat(s.name)).toBeNull();
    expect(fs.existsSync(path.join(app.services.config.uploadDir, '.parts', `${s.path.split('/').pop()!}.part`))).toBe(false);
    expect(await quota(token)).toMatchObject({ todayFileNumber: 0, totalStorage: 0 });
  });

  it('opening: type limits, the 2e9 cap, the quota, cancel', async () => {
    const { user, token } = await app.factories.signedIn();
    const post = (data: object) => app.request.post('/api/service/uploadBigFile').set('x-access-token', token).send({ data });
    expectError(await post({ size: LIMITS.uploadVideoBytes + 1, mimeType: 'video/mp4' }), 413, 'upload.tooLarge');
    expectError(await post({ size: 2e9 + 1, mimeType: 'video/mp4' }), 400, 'upload.bad');
    expectError(await post({ size: 10, mimeType: 'text/html' }), 400, 'upload.bad');
    await app.services.db.insert(mediaQuotas).values({ userId: user.id, totalBytes: MEDIA_QUOTAS.normal.storageBytes - 500 });
    const full = await post({ size: 1000, mimeType: 'video/mp4' });
    expectError(full, 403, 'upload.exceedQuota');
    expect(full.body.message).toMatchObject({ limit: 'storage', left: 500 });
    await app.services.db.update(mediaQuotas).set({ totalBytes: 0 }).where(eq(mediaQuotas.userId, user.id));
    const s = await open(token, 1000);
    expectOk(await app.request.delete(s.path), 'upload.cancelled');
    expectError(await app.request.get(s.path), 404, 'upload.sessionNotFound');
    expect(await quota(token)).toMatchObject({ todayFileNumber: 0, totalStorage: 0 });
    expectError(await app.request.post('/api/service/uploadBigFile').send({ data: { size: 10, mimeType: 'video/mp4' } }), 401, 'user.tokenExpired');
  });
});
