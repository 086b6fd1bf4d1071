import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import type { RoomEvent, RoomEventMap } from '@shared/socket';
import { LIMITS } from '@shared/limits';
import { files, mediaQuotas } from '@server/db/schema';
import { collectEvents, createTestApp, joinRoom, nextEvent, type TestApp } from '@server/test/harness';
import { expectError, expectOk } from '@server/test/expect';
import { makeZip } from '@server/test/zip';
import { animatedGif, hasGpsTag, hugePng, jpegWithGps, png, solid } from '@server/test/media';
import { processImage, requeueStuckImages } from './image-job';
import { newFileName } from '../../infra/storage';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

const put = (token: string, bytes: Buffer) => app.request.put('/api/service/upload').set('x-access-token', token).set('Content-Type', 'application/octet-stream').send(bytes);
const fileUpdated = (name: string) => (e: RoomEvent) => e.name === 'file.updated' && e.payload.file.filename === name;
const download = (url: string) =>
  app.request
    .get(url)
    .buffer(true)
    .parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });
const rowOf = async (name: string) => (await app.services.db.select().from(files).where(eq(files.name, name)))[0]!;
const quota = async (token: string) => (await app.request.get('/api/service/myStorageQuota').set('x-access-token', token)).body.data;

/** Uploads an image and waits for its job's live event. */
async function uploadAndProcess(bytes: Buffer) {
  const { user, token } = await app.factories.signedIn();
  const socket = await app.socket(token);
  await joinRoom(socket, `user:${user.id}`);
  const up = await put(token, bytes);
  expectOk(up, 'upload.success', 201);
  expect(up.body.data.state).toBe('processing');
  const event = await nextEvent(socket, fileUpdated(up.body.data.name), 15_000);
  socket.disconnect();
  return { user, token, name: up.body.data.name as string, url: up.body.data.downloadURL as string, file: (event.payload as RoomEventMap['file.updated']).file };
}

describe('the image job', () => {
  it('a request for an image right after its upload waits for the job and gets the cleaned bytes (old clients show it at once)', async () => {
    const { token } = await app.factories.signedIn();
    const up = await put(token, await jpegWithGps());
    expectOk(up, 'upload.success', 201);
    expect(up.body.data.state).toBe('processing');
    const got = await download(up.body.data.downloadURL);
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(got.body as Buffer).metadata();
    expect({ width: meta.width, height: meta.height, exif: meta.exif }).toEqual({ width: 48, height: 64, exif: undefined });
  });

  it('a JPEG with EXIF GPS comes back upright without any metadata, with a thumbnail and an avatar size', async () => {
    const original = await jpegWithGps();
    const before = await sharp(original).metadata();
    expect(before).toMatchObject({ width: 64, height: 48, orientation: 6 });
    expect(hasGpsTag(before.exif!)).toBe(true);

    const { token, name, url, file } = await uploadAndProcess(original);
    expect(file).toMatchObject({ state: 'ready', reason: null, width: 48, height: 64, thumbnailURL: `${url}&size=thumb` });
    const got = await download(url);
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('image/jpeg');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(got.body as Buffer).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 48, height: 64 });
    expect({ exif: meta.exif, xmp: meta.xmp, iptc: meta.iptc, orientation: meta.orientation }).toEqual({ exif: undefined, xmp: undefined, iptc: undefined, orientation: undefined });
    expect((got.body as Buffer).includes(Buffer.from('SpyCam'))).toBe(false);

    const thumb = await download(`${url}&size=thumb`);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(await sharp(thumb.body as Buffer).metadata()).toMatchObject({ format: 'webp', width: 48, height: 64 });
    const avatar = await download(`${url}&size=avatar`);
    expect(await sharp(avatar.body as Buffer).metadata()).toMatchObject({ width: LIMITS.avatarPx, height: LIMITS.avatarPx });

    const row = await rowOf(name);
    expect(row.size).toBe((got.body as Buffer).length);
    expect((await quota(token)).totalStorage).toBe(row.size);
  });

  it('a large image gets a 320 px thumbnail; the row and the event agree', async () => {
    const { url, file } = await uploadAndProcess(await png(1600, 900));
    expect(file).toMatchObject({ width: 1600, height: 900 });
    const thumb = await download(`${url}&size=thumb`);
    expect(await sharp(thumb.body as Buffer).metadata()).toMatchObject({ width: LIMITS.thumbPx, height: 180 });
  });

  it('an animated GIF keeps its frames', async () => {
    const { url, file } = await uploadAndProcess(await animatedGif(3));
    expect(file.state).toBe('ready');
    const got = await download(url);
    expect(got.headers['content-type']).toBe('image/gif');
    expect(await sharp(got.body as Buffer, { animated: true }).metadata()).toMatchObject({ format: 'gif', pages: 3, width: 40 });
  });

  it('a truncated image ends failed with a reason, is never served, and gives its storage back', async () => {
    const whole = await solid(400, 300).jpeg({ quality: 95 }).toBuffer();
    const { token, name, url, file } = await uploadAndProcess(whole.subarray(0, Math.floor(whole.length / 2)));
    expect(file).toMatchObject({ state: 'failed', thumbnailURL: null });
    expect(file.reason).toMatch(/not a valid image/);
    expectError(await app.request.get(url), 404, 'file.notFound');
    expectError(await app.request.get(`${url}&size=thumb`), 404, 'file.notFound');
    // The bytes go right after the failed state is committed (and told): on a busy machine a moment later.
    await expect.poll(async () => await app.services.storage.stat(name)).toBeNull();
    expect((await quota(token)).totalStorage).toBe(0);
    const explained = await app.request.get(`${url}&explain=true`);
    expect(explained.body.data).toMatchObject({ state: 'failed' });
  });

  it('is idempotent: a job run again on a finished file changes nothing and tells no one', async () => {
    const { name, token, user } = await uploadAndProcess(await png());
    const row = await rowOf(name);
    const socket = await app.socket(token);
    await joinRoom(socket, `user:${user.id}`);
    const events = collectEvents(socket);
    expect(await processImage(app.services, row.id)).toBeNull();
    await app.services.jobs.enqueue('media.process', { fileId: row.id });
    await new Promise((r) => setTimeout(r, 300));
    expect(await rowOf(name)).toEqual(row);
    expect(events.filter((e) => e.name === 'file.updated')).toEqual([]);
    socket.disconnect();
  });

  it('a file deleted while its job runs leaves no sizes behind', async () => {
    const { user, token } = await app.factories.signedIn();
    const name = newFileName('jpg');
    await app.services.storage.write(name, await solid(2400, 1800).jpeg().toBuffer());
    const [row] = await app.services.db.insert(files).values({ name, byUserId: user.id, mimeType: 'image/jpeg', kind: 'image', state: 'processing', size: 1000 }).returning();
    const job = processImage(app.services, row!.id);
    expectOk(await app.request.delete(`/api/service/file?filename=${name}`).set('x-access-token', token), 'file.deleted');
    expect(await job).toBeNull();
    expect(await Promise.all([app.services.storage.stat(name), app.services.storage.stat(name, 'thumb'), app.services.storage.stat(name, 'avatar')])).toEqual([null, null, null]);
  });
});

describe('the media sweep', () => {
  it('queues again an image whose job was lost', async () => {
    const { user } = await app.factories.signedIn();
    const name = newFileName('png');
    await app.services.storage.write(name, await png());
    const lostAt = new Date(Date.now() - 10 * 60 * 1000);
    await app.services.db.insert(files).values({ name, byUserId: user.id, mimeType: 'image/png', kind: 'image', state: 'processing', size: 1000, createTime: lostAt });
    expect(await requeueStuckImages(app.services)).toBeGreaterThanOrEqual(1);
    await expect.poll(async () => (await rowOf(name)).state, { timeout: 10_000 }).toBe('ready');
  });

  it('an image that could not be processed for an hour ends failed, its bytes removed and its storage given back', async () => {
    const { user, token } = await app.factories.signedIn();
    const before = await quota(token);
    const name = newFileName('png');
    await app.services.storage.write(name, await png());
    const longAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await app.services.db.insert(files).values({ name, byUserId: user.id, mimeType: 'image/png', kind: 'image', state: 'processing', size: 1000, createTime: longAgo });
    // As its upload did: the file's bytes count against the owner's storage.
    await app.services.db
      .insert(mediaQuotas)
      .values({ userId: user.id, totalBytes: 1000 })
      .onConflictDoUpdate({ target: mediaQuotas.userId, set: { totalBytes: sql`${mediaQuotas.totalBytes} + 1000` } });
    expect((await quota(token)).totalStorage).toBe(before.totalStorage + 1000);
    await requeueStuckImages(app.services);
    expect(await rowOf(name)).toMatchObject({ state: 'failed', reason: expect.stringMatching(/did not finish/) });
    expect(await app.services.storage.stat(name)).toBeNull();
    expect((await quota(token)).totalStorage).toBe(before.totalStorage);
  });
});

describe('images refused at upload', () => {
  it('a JPEG/zip polyglot is refused and leaves nothing', async () => {
    const { user, token } = await app.factories.signedIn();
    const polyglot = Buffer.concat([await solid(32, 32).jpeg().toBuffer(), makeZip([{ name: 'evil.html', content: '<script>alert(1)</script>' }])]);
    expectError(await put(token, polyglot), 415, 'upload.unsupport');
    expect(await app.services.db.select().from(files).where(eq(files.byUserId, user.id))).toEqual([]);
  });

  it('a 20000×20000 image is refused by the pixel limit', async () => {
    const { user, token } = await app.factories.signedIn();
    const huge = await hugePng();
    expect(huge.length).toBeLessThanOrEqual(LIMITS.uploadImageBytes);
    const res = await put(token, huge);
    expectError(res, 413, 'upload.tooLarge');
    expect(res.body.message).toMatch(/pixels/);
    expect(await app.services.db.select().from(files).where(eq(files.byUserId, user.id))).toEqual([]);
    expect((await quota(token)).todayFileNumber).toBe(0);
  }, 60_000);

  it('bytes that only start like an image are refused', async () => {
    const { token } = await app.factories.signedIn();
    expectError(await put(token, Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 1)])), 400, 'upload.bad');
  });
});
