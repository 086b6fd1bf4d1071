import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { files, mediaQuotas, uploadSessions } from '@server/db/schema';
import { createTestApp, type TestApp } from '@server/test/harness';
import { expectError, expectOk } from '@server/test/expect';
import { png } from '@server/test/media';
import { makeZip } from '@server/test/zip';
import { startS3Server, type TestS3 } from '@server/test/s3-server';
import { loadConfig } from '@server/config';
import { s3Storage } from '@server/infra/storage-s3';
import { LIMITS } from '@shared/limits';
import type { UploadSessionStart } from '@shared/types/files';

/**
 * STORAGE=s3 against a real S3-protocol server on loopback (server/test/s3-server.ts): node A takes
 * uploads every way a client sends them, node B (another app on the same bucket, nothing on its
 * disk, S3_SERVE=proxy) serves them.
 */
let s3: TestS3;
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  s3 = await startS3Server();
  [a, b] = await Promise.all([createTestApp({ env: s3.env }), createTestApp({ env: { ...s3.env, S3_SERVE: 'proxy' } })]);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await s3?.close();
});

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');
/** An mp4 of `size` bytes: the `ftyp` header, then random bytes. */
const mp4 = (size: number) => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom\0\0\x02\0isomiso2', 'latin1'), crypto.randomBytes(size - 24)]);
const rowOf = async (app: TestApp, name: string) => (await app.services.db.select().from(files).where(eq(files.name, name)))[0];
const quotaOf = async (app: TestApp, userId: number) => (await app.services.db.select().from(mediaQuotas).where(eq(mediaQuotas.userId, userId)))[0];
const pathOf = (url: string) => new URL(url).pathname;

async function openSession(token: string, size: number, mimeType: string, name?: string) {
  const res = await a.request.post('/api/service/uploadBigFile').set('x-access-token', token).send({ data: { size, mimeType, name } });
  expectOk(res, 'upload.session');
  return res.body.data as UploadSessionStart;
}

/** What a browser does with a presigned POST: the policy's fields, then the file. */
async function postForm(offer: Extract<UploadSessionStart['direct'], { method: 'post' }>, bytes: Buffer) {
  const form = new FormData();
  for (const [k, v] of Object.entries(offer.fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)]));
  return fetch(offer.url, { method: 'POST', body: form });
}

describe('object storage (STORAGE=s3)', () => {
  it('the raw PUT stays as it was; the bytes, and the image job\'s sizes, end in the bucket; node B serves them', async () => {
    const { user, token } = await a.factories.signedIn();
    const image = await png(640, 480);
    const res = await a.request.put('/api/service/upload').set('x-access-token', token).set('Content-Type', 'application/octet-stream').send(image);
    expectOk(res, 'upload.success', 201);
    const name = res.body.data.name as string;
    await expect.poll(async () => (await rowOf(a, name))?.state, { timeout: 15_000 }).toBe('ready');
    const row = (await rowOf(a, name))!;
    const original = await s3.object(`files/${name}`);
    expect(original?.length).toBe(row.size);
    expect(await s3.has(`variants/${name}.thumb.webp`)).toBe(true);
    expect(await s3.has(`variants/${name}.avatar.webp`)).toBe(true);

    // Node A redirects to a signed link the store answers with the file and its type.
    const redirect = await a.request.get(`/api/service/file?filename=${name}`);
    expect(redirect.status).toBe(302);
    expect(redirect.headers.location).toContain('X-Amz-Signature=');
    expect(redirect.headers['cache-control']).toMatch(/^public, max-age=(3[5-9]\d\d|[4-7]\d{3})$/);
    const fetched = await fetch(redirect.headers.location);
    expect(fetched.headers.get('content-type')).toBe('image/png');
    expect(sha256(Buffer.from(await fetched.arrayBuffer()))).toBe(sha256(original!));
    const forged = await fetch(redirect.headers.location.replace(/X-Amz-Signature=[0-9a-f]{6}/, 'X-Amz-Signature=000000'));
    expect(forged.status).toBe(403);

    // Node B shares the bucket and the database (here: the row copied over), not A's disk.
    const { id: _id, ...copy } = row;
    const bUser = await b.factories.createUser();
    await b.services.db.insert(files).values({ ...copy, byUserId: bUser.id });
    const served = await b.request.get(`/api/service/file?filename=${name}`).buffer(true).parse((r, done) => {
      const parts: Buffer[] = [];
      r.on('data', (c: Buffer) => parts.push(c)).on('end', () => done(null, Buffer.concat(parts)));
    });
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(sha256(served.body as Buffer)).toBe(sha256(original!));
    const thumb = await b.request.get(`/api/service/file?filename=${name}&size=thumb`);
    expect([thumb.status, thumb.headers['content-type']]).toEqual([200, 'image/webp']);
    const range = await b.request.get(`/api/service/file?filename=${name}`).set('Range', 'bytes=0-7');
    expect(range.status).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 0-7/${row.size}`);

    // Deleting on A removes the objects; B then finds nothing to serve.
    expectOk(await a.request.delete(`/api/service/file?filename=${name}`).set('x-access-token', token), 'file.deleted');
    expect(await Promise.all([s3.has(`files/${name}`), s3.has(`variants/${name}.thumb.webp`), s3.has(`variants/${name}.avatar.webp`)])).toEqual([false, false, false]);
    expectError(await b.request.get(`/api/service/file?filename=${name}`), 404, 'file.notFound');
    expect((await quotaOf(a, user.id))?.totalBytes).toBe(0);
  });

  it('a presigned POST: the policy fixes the key, size and type; the server checks what arrived before the file exists', async () => {
    const { user, token } = await a.factories.signedIn();
    const zip = makeZip([{ name: 'Logfile.log', content: 'moss' }, { name: 'shot.txt', content: 'x'.repeat(3000) }]);
    const s = await openSession(token, zip.length, 'application/zip', 'moss.zip');
    expect(s.direct).toMatchObject({ method: 'post', completeUrl: `${s.uploadUrl}/complete` });
    const offer = s.direct as Extract<UploadSessionStart['direct'], { method: 'post' }>;
    const policy = JSON.parse(Buffer.from(offer.fields.Policy!, 'base64').toString()) as { conditions: unknown[] };
    expect(policy.conditions).toEqual(expect.arrayContaining([['content-length-range', zip.length, zip.length], ['eq', '$Content-Type', 'application/zip'], { key: `incoming/${pathOf(s.uploadUrl).split('/').pop()}` }]));

    // Finishing before the bytes came leaves the session open.
    expectError(await a.request.post(pathOf(s.direct!.completeUrl)).send({}), 400, 'upload.bad');
    expect((await postForm(offer, zip)).status).toBe(204);
    const done = await a.request.post(pathOf(s.direct!.completeUrl)).send({});
    expectOk(done, 'upload.success', 201);
    expect(done.body.data).toMatchObject({ name: s.name, size: zip.length, mimeType: 'application/zip', originalName: 'moss.zip', state: 'ready' });
    expect(sha256((await s3.object(`files/${s.name}`))!)).toBe(sha256(zip));
    expect(await s3.has(`incoming/${pathOf(s.uploadUrl).split('/').pop()}`)).toBe(false);
    expect((await rowOf(a, s.name))?.details).toMatchObject({ hasMossLog: true });
    expect(await quotaOf(a, user.id)).toMatchObject({ totalBytes: zip.length, dayFiles: 1 });
    expectError(await a.request.post(pathOf(s.direct!.completeUrl)).send({}), 404, 'upload.sessionNotFound');

    // An archive is never linked unsigned: signed, as an attachment.
    const link = await a.request.get(`/api/service/file?filename=${s.name}`).set('x-access-token', token);
    expect(link.status).toBe(302);
    const fetched = await fetch(link.headers.location);
    expect(fetched.headers.get('content-disposition')).toBe(`attachment; filename="${s.name}"`);
  });

  it('what arrived is checked as any upload: another size or another type is refused and leaves nothing', async () => {
    const { user, token } = await a.factories.signedIn();
    const video = mp4(50_000);
    // The test store does not hold a POST to its policy's size: the server does.
    const longer = await openSession(token, video.length, 'video/mp4');
    expect((await postForm(longer.direct as never, Buffer.concat([video, Buffer.alloc(10)]))).status).toBe(204);
    const tooLong = await a.request.post(pathOf(longer.direct!.completeUrl)).send({});
    expectError(tooLong, 400, 'upload.bad');
    expect(tooLong.body.message).toMatch(/announced 50000 bytes, 50010 arrived/);
    const image = await png(300, 200);
    const other = await openSession(token, image.length, 'video/mp4');
    expect((await postForm(other.direct as never, image)).status).toBe(204);
    expectError(await a.request.post(pathOf(other.direct!.completeUrl)).send({}), 415, 'upload.unsupport');
    for (const s of [longer, other]) {
      expect(await s3.has(`files/${s.name}`)).toBe(false);
      expect(await s3.has(`incoming/${pathOf(s.uploadUrl).split('/').pop()}`)).toBe(false);
    }
    expect(await a.services.db.select().from(files).where(eq(files.byUserId, user.id))).toEqual([]);
    expect(await quotaOf(a, user.id)).toMatchObject({ totalBytes: 0, dayBytes: 0, dayFiles: 0 });
  });

  it('a big file as a multipart upload: parts signed by the server, sent again after a failure, completed by the server', async () => {
    const { token } = await a.factories.signedIn();
    const video = mp4(LIMITS.directPartBytes + 300_000);
    const s = await openSession(token, video.length, 'video/mp4');
    expect(s.direct).toMatchObject({ method: 'multipart', partBytes: LIMITS.directPartBytes });
    const offer = s.direct as Extract<UploadSessionStart['direct'], { method: 'multipart' }>;
    expect(offer.parts.map((p) => p.partNumber)).toEqual([1, 2]);
    const slice = (n: number) => video.subarray((n - 1) * offer.partBytes, n * offer.partBytes);
    // A part URL is good for its part only: altered, the store refuses it.
    expect((await fetch(offer.parts[0]!.url.replace('partNumber=1', 'partNumber=3'), { method: 'PUT', body: slice(1) })).status).toBe(403);
    const etags: string[] = [];
    for (const part of offer.parts) {
      const res = await fetch(part.url, { method: 'PUT', body: slice(part.partNumber) });
      expect(res.status).toBe(200);
      etags.push(res.headers.get('etag')!);
    }
    // The second part again (a retry after a dropped answer): the store keeps the last.
    const again = await fetch(offer.parts[1]!.url, { method: 'PUT', body: slice(2) });
    etags[1] = again.headers.get('etag')!;
    expectError(await a.request.post(pathOf(offer.completeUrl)).send({ data: { parts: [{ partNumber: 2, etag: etags[1] }] } }), 400, 'upload.bad');
    const done = await a.request.post(pathOf(offer.completeUrl)).send({ data: { parts: etags.map((etag, i) => ({ partNumber: i + 1, etag })) } });
    expectOk(done, 'upload.success', 201);
    expect(done.body.data).toMatchObject({ name: s.name, size: video.length, mimeType: 'video/mp4', state: 'ready' });
    expect(sha256((await s3.object(`files/${s.name}`))!)).toBe(sha256(video));
    const id = pathOf(s.uploadUrl).split('/').pop()!;
    expect(await Promise.all([s3.has(`incoming/${id}`), s3.has(`sessions/${id}.json`)])).toEqual([false, false]);
  });

  it('the Graph session through the server (clients that never look at `direct`): chunks kept in the bucket, the file assembled there', async () => {
    const { token } = await a.factories.signedIn();
    const video = mp4(LIMITS.uploadChunkBytes + 123_456);
    const s = await openSession(token, video.length, 'video/mp4');
    const id = pathOf(s.uploadUrl).split('/').pop()!;
    const first = await a.request.put(pathOf(s.uploadUrl)).set('Content-Range', `bytes 0-${LIMITS.uploadChunkBytes - 1}/${video.length}`).send(video.subarray(0, LIMITS.uploadChunkBytes));
    expect(first.status).toBe(202);
    expect(await s3.has(`parts/${id}/0`)).toBe(true);
    // The next chunk may reach another node: B takes it from the same bucket once the session row is there too.
    const last = await a.request.put(pathOf(s.uploadUrl)).set('Content-Range', `bytes ${LIMITS.uploadChunkBytes}-${video.length - 1}/${video.length}`).send(video.subarray(LIMITS.uploadChunkBytes));
    expectOk(last, 'upload.success', 201);
    expect(sha256((await s3.object(`files/${s.name}`))!)).toBe(sha256(video));
    expect(await Promise.all([s3.has(`parts/${id}/0`), s3.has(`parts/${id}/${LIMITS.uploadChunkBytes}`), s3.has(`sessions/${id}.json`)])).toEqual([false, false, false]);
  });

  // The test store lacks AbortMultipartUpload: the parts of an unfinished upload are left to the bucket's lifecycle rule there.
  it('cancelling a session ends its multipart upload, removes what it kept and gives the quota back', async () => {
    const { user, token } = await a.factories.signedIn();
    const video = mp4(LIMITS.directPartBytes + 1000);
    const s = await openSession(token, video.length, 'video/mp4');
    const id = pathOf(s.uploadUrl).split('/').pop()!;
    expect(await s3.has(`sessions/${id}.json`)).toBe(true);
    expectOk(await a.request.delete(pathOf(s.uploadUrl)), 'upload.cancelled');
    expect(await s3.has(`sessions/${id}.json`)).toBe(false);
    expect(await a.services.db.select().from(uploadSessions).where(eq(uploadSessions.id, id))).toEqual([]);
    expect(await quotaOf(a, user.id)).toMatchObject({ totalBytes: 0, dayFiles: 0 });
  });

  it('S3_PUBLIC_URL: media are linked there unsigned, archives still signed', async () => {
    const config = loadConfig({ ...s3.env, S3_PUBLIC_URL: 'https://media.example/bucket/' });
    const storage = await s3Storage(config.s3!, a.services.config.dataDir);
    expect(await storage.serving!.link('2026-01-01_00000000-0000-4000-8000-000000000000.png', 'thumb', { unsigned: true, contentType: 'image/webp' })).toEqual({
      url: 'https://media.example/bucket/variants/2026-01-01_00000000-0000-4000-8000-000000000000.png.thumb.webp',
      maxAge: 86400,
    });
    const signed = await storage.serving!.link('2026-01-01_00000000-0000-4000-8000-000000000000.zip', undefined, { unsigned: false, contentType: 'application/zip' });
    expect(signed.url).toMatch(new RegExp(`^${s3.env.S3_ENDPOINT}/${s3.bucket}/files/.*X-Amz-Signature=`));
  });

  it('the settings are checked at start', () => {
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(/S3_BUCKET: required when STORAGE=s3/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ STORAGE: 'ftp' })).toThrow(/STORAGE/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_SERVE: 'cdn' })).toThrow(/S3_SERVE/);
    expect(loadConfig({ STORAGE: 's3', S3_BUCKET: 'b' }).s3).toMatchObject({ bucket: 'b', region: 'us-east-1', forcePathStyle: false, serve: 'redirect', directUploads: true, credentials: undefined });
    expect(loadConfig({}).s3).toBeUndefined();
  });
});
