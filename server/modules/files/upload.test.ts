import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { files, mediaQuotas } from '@server/db/schema';
import { createTestApp, type TestApp } from '@server/test/harness';
import { expectError, expectOk } from '@server/test/expect';
import { makeZip } from '@server/test/zip';
import { png } from '@server/test/media';
import { LIMITS } from '@shared/limits';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

const put = (token: string, bytes: Buffer) => app.request.put('/api/service/upload').set('x-access-token', token).set('Content-Type', 'application/octet-stream').send(bytes);
const post = (token: string, bytes: Buffer, filename: string, contentType: string) =>
  app.request.post('/api/service/upload').set('x-access-token', token).attach('file', bytes, { filename, contentType });

/** Every file under UPLOAD_DIR (temporary ones included). */
function storedFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(path.join(dir, e.name));
      else out.push(path.relative(app.services.config.uploadDir, path.join(dir, e.name)));
    }
  };
  walk(app.services.config.uploadDir);
  return out;
}
/** The stored files once no image job is running (earlier tests' jobs write temporary files). */
async function settledFiles() {
  await until(async () => (await app.services.db.select({ id: files.id }).from(files).where(eq(files.state, 'processing'))).length === 0, 15_000);
  return storedFiles();
}
const rowsOf = (userId: number) => app.services.db.select().from(files).where(eq(files.byUserId, userId));
const quotaOf = async (userId: number) => (await app.services.db.select().from(mediaQuotas).where(eq(mediaQuotas.userId, userId)))[0];
const until = async (check: () => boolean | Promise<boolean>, ms = 5_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
};
/** An mp4 header (`ftyp isom`) followed by `size` bytes in all. */
const mp4 = (size: number) => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom\0\0\x02\0isomiso2', 'latin1'), Buffer.alloc(size - 24, 7)]);
const pngOfSize = (size: number) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(size - 8)]);

/** Nothing left of a refused upload: no row, no file, the quota given back. */
async function expectNothingLeft(userId: number, before: string[]) {
  expect(await rowsOf(userId)).toEqual([]);
  expect(storedFiles().sort()).toEqual(before.sort());
  const q = await quotaOf(userId);
  expect({ total: q?.totalBytes ?? 0, day: q?.dayBytes ?? 0, files: q?.dayFiles ?? 0 }).toEqual({ total: 0, day: 0, files: 0 });
}

describe('uploads: the type comes from the bytes', () => {
  it('the raw PUT stays wire-compatible: 201 upload.success {name, size} named YYYY-MM-DD_<uuid>.<ext>', async () => {
    const { user, token } = await app.factories.signedIn();
    const bytes = await png();
    const res = await put(token, bytes);
    expectOk(res, 'upload.success', 201);
    expect(res.body.data).toMatchObject({ size: bytes.length, mimeType: 'image/png', state: 'processing' });
    expect(res.body.data.name).toMatch(/^\d{4}-\d{2}-\d{2}_[0-9a-f-]{36}\.png$/);
    const [row] = await rowsOf(user.id);
    expect(row).toMatchObject({ name: res.body.data.name, kind: 'image', mimeType: 'image/png' });
    expect(await app.services.storage.stat(row!.name)).not.toBeNull();
  });

  it('multipart: a PNG named .jpg with a jpeg header is stored as a PNG', async () => {
    const { user, token } = await app.factories.signedIn();
    const res = await post(token, await png(), 'holiday.jpg', 'image/jpeg');
    expectOk(res, 'upload.success', 201);
    expect(res.body.data.name).toMatch(/\.png$/);
    expect((await rowsOf(user.id))[0]).toMatchObject({ mimeType: 'image/png', kind: 'image' });
  });

  it('multipart takes media only: a zip named .png is refused and leaves nothing', async () => {
    const { user, token } = await app.factories.signedIn();
    const before = await settledFiles();
    expectError(await post(token, makeZip([{ name: 'a.txt', content: 'hello' }]), 'cat.png', 'image/png'), 415, 'upload.unsupport');
    await expectNothingLeft(user.id, before);
  });

  it('refuses unknown types with 415 and leaves nothing', async () => {
    const { user, token } = await app.factories.signedIn();
    const before = await settledFiles();
    expectError(await put(token, Buffer.from('#!/bin/sh\necho hi\n'.repeat(10))), 415, 'upload.unsupport');
    expectError(await post(token, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'x.png', 'image/png'), 415, 'upload.unsupport');
    await expectNothingLeft(user.id, before);
  });

  it('takes videos up to 30 MiB, ready at once', async () => {
    const { user, token } = await app.factories.signedIn();
    const res = await post(token, mp4(3 * 1024 * 1024), 'clip.mov', 'video/quicktime');
    expectOk(res, 'upload.success', 201);
    expect(res.body.data).toMatchObject({ mimeType: 'video/mp4', state: 'ready' });
    expect(res.body.data.name).toMatch(/\.mp4$/);
    const file = await app.request.get(res.body.data.downloadURL);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('video/mp4');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toBeUndefined();
    expect((await rowsOf(user.id))[0]).toMatchObject({ kind: 'video', state: 'ready' });
  });
});

describe('uploads: sizes', () => {
  it('2 MiB + 1 byte of image → 413 (raw and multipart), nothing left', async () => {
    const { user, token } = await app.factories.signedIn();
    const before = await settledFiles();
    const over = pngOfSize(LIMITS.uploadImageBytes + 1);
    expectError(await put(token, over), 413, 'upload.tooLarge');
    expectError(await post(token, over, 'big.png', 'image/png'), 413, 'upload.tooLarge');
    await expectNothingLeft(user.id, before);
  });

  it('30 MiB + 1 byte of video → 413, a zip over 16 MiB → 413', async () => {
    const { user, token } = await app.factories.signedIn();
    const before = await settledFiles();
    expectError(await put(token, mp4(LIMITS.uploadVideoBytes + 1)), 413, 'upload.tooLarge');
    expectError(await post(token, mp4(LIMITS.uploadVideoBytes + 1), 'v.mp4', 'video/mp4'), 413, 'upload.tooLarge');
    const zip = makeZip([{ name: 'Logfile.log', content: Buffer.alloc(LIMITS.uploadZipBytes, 1) }]);
    expectError(await put(token, zip), 413, 'upload.tooLarge');
    await expectNothingLeft(user.id, before);
  });

  it('a body that lies about its length (the connection drops) is refused and its partial file removed', async () => {
    const { user, token } = await app.factories.signedIn();
    const before = await settledFiles();
    const { port } = new URL(app.url);
    const head = await png();
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    socket.write(
      `PUT /api/service/upload HTTP/1.1\r\nHost: localhost\r\nx-access-token: ${token}\r\nContent-Type: application/octet-stream\r\nContent-Length: ${head.length + 500_000}\r\n\r\n`,
    );
    socket.write(Buffer.concat([head, Buffer.alloc(100_000)]));
    // The reservation is taken, the partial file exists: then the client goes away.
    await until(async () => ((await quotaOf(user.id))?.dayFiles ?? 0) === 1);
    await until(() => storedFiles().some((f) => f.startsWith('.tmp')));
    socket.destroy();
    await until(async () => ((await quotaOf(user.id))?.dayFiles ?? 0) === 0 && storedFiles().length === before.length);
    await expectNothingLeft(user.id, before);
  });

  it('a multipart upload cut off half way leaves nothing (multer removes its partial file)', async () => {
    const { user, token } = await app.factories.signedIn();
    const before = await settledFiles();
    const { port } = new URL(app.url);
    const boundary = 'cutoff0123456789';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    socket.write(
      `POST /api/service/upload HTTP/1.1\r\nHost: localhost\r\nx-access-token: ${token}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${head.length + 1_000_000}\r\n\r\n`,
    );
    socket.write(Buffer.concat([head, await png(), Buffer.alloc(200_000)]));
    await until(() => storedFiles().some((f) => f.startsWith('.tmp')));
    socket.destroy();
    await until(async () => ((await quotaOf(user.id))?.dayFiles ?? 0) === 0 && storedFiles().length === before.length);
    await expectNothingLeft(user.id, before);
  });

  it('a raw PUT without Content-Length is refused', async () => {
    const { token } = await app.factories.signedIn();
    const { port } = new URL(app.url);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    const answer = new Promise<string>((resolve) => {
      let got = '';
      socket.on('data', (d) => {
        got += d.toString();
        if (got.includes('\r\n\r\n') && got.includes('}')) resolve(got);
      });
    });
    socket.write(`PUT /api/service/upload HTTP/1.1\r\nHost: localhost\r\nx-access-token: ${token}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n5\r\nhello\r\n0\r\n\r\n`);
    const text = await answer;
    socket.destroy();
    expect(text).toMatch(/^HTTP\/1\.1 400/);
    expect(text).toContain('"upload.bad"');
  });
});

describe('serving', () => {
  it('archives are attachments for signed-in users; headers from the stored type', async () => {
    const { token } = await app.factories.signedIn();
    const up = await put(token, makeZip([{ name: 'Logfile.log', content: 'x' }]));
    expectOk(up, 'upload.success', 201);
    expect(up.body.data).toMatchObject({ mimeType: 'application/zip', state: 'ready', hasMossLog: true });
    expectError(await app.request.get(up.body.data.downloadURL), 403, 'user.permissionDenied');
    const file = await app.request.get(up.body.data.downloadURL).set('x-access-token', token);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/zip');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${up.body.data.name}"`);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
  });
});
