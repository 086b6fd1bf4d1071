import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { files, mediaQuotas, uploadSessions } from '@server/db/schema';
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

/** A raw PUT; `disposition` is sent byte for byte (a JS string is written as Latin-1: pass UTF-8 through `latin1`). */
const put = (token: string, bytes: Buffer, disposition?: string) => {
  const req = app.request.put('/api/service/upload').set('x-access-token', token).set('Content-Type', 'application/octet-stream');
  return (disposition === undefined ? req : req.set('Content-Disposition', disposition)).send(bytes);
};
const post = (token: string, bytes: Buffer, filename: string) => app.request.post('/api/service/upload').set('x-access-token', token).attach('file', bytes, { filename, contentType: 'image/png' });
/** The string whose Latin-1 bytes are the UTF-8 of `text` (what a header written as raw UTF-8 is). */
const rawUtf8 = (text: string) => Buffer.from(text, 'utf8').toString('latin1');
const myFiles = async (token: string) => {
  const res = await app.request.get('/api/service/myFiles').set('x-access-token', token);
  expectOk(res, 'myFiles.ok');
  return res.body.data as Array<{ filename: string; originalName: string | null }>;
};
const rowsOf = (userId: number) => app.services.db.select().from(files).where(eq(files.byUserId, userId));
const quotaOf = async (userId: number) => (await app.services.db.select().from(mediaQuotas).where(eq(mediaQuotas.userId, userId)))[0];
/** An mp4 header (`ftyp isom`) followed by `size` bytes in all. */
const mp4 = (size: number) => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom\0\0\x02\0isomiso2', 'latin1'), Buffer.alloc(size - 24, 7)]);

describe('a file keeps its own name from every upload path', () => {
  it('raw PUT: Content-Disposition filename* (RFC 6266) is kept, answered at upload and in the library', async () => {
    const { user, token } = await app.factories.signedIn();
    const res = await put(token, await png(), "attachment; filename*=UTF-8''%E2%82%AC%20rates%20%E2%80%94%20r%C3%A9sum%C3%A9.png");
    expectOk(res, 'upload.success', 201);
    expect(res.body.data).toMatchObject({ originalName: '€ rates — résumé.png', mimeType: 'image/png' });
    // The stored name stays generated: the own name never names anything on disk.
    expect(res.body.data.name).toMatch(/^\d{4}-\d{2}-\d{2}_[0-9a-f-]{36}\.png$/);
    expect((await rowsOf(user.id))[0]).toMatchObject({ name: res.body.data.name, originalName: '€ rates — résumé.png' });
    expect(await myFiles(token)).toEqual([expect.objectContaining({ filename: res.body.data.name, originalName: '€ rates — résumé.png' })]);
  });

  it('raw PUT: a plain filename, in ASCII, raw UTF-8 or Latin-1; an archive too', async () => {
    const { token } = await app.factories.signedIn();
    expect((await put(token, await png(), 'attachment; filename="scan 01.png"')).body.data.originalName).toBe('scan 01.png');
    expect((await put(token, await png(), rawUtf8('attachment; filename="战地 截图.png"'))).body.data.originalName).toBe('战地 截图.png');
    expect((await put(token, await png(), 'attachment; filename="caf\xe9.png"')).body.data.originalName).toBe('café.png');
    const zip = await put(token, makeZip([{ name: 'Logfile.log', content: 'moss' }]), 'attachment; filename="MOSS_2025.zip"');
    expectOk(zip, 'upload.success', 201);
    expect(zip.body.data).toMatchObject({ originalName: 'MOSS_2025.zip', hasMossLog: true });
  });

  it('raw PUT with no name (old clients): null, and the upload works as before', async () => {
    const { user, token } = await app.factories.signedIn();
    expectOk(await put(token, await png()), 'upload.success', 201);
    expectOk(await put(token, await png(), 'attachment'), 'upload.success', 201);
    expect((await rowsOf(user.id)).map((r) => r.originalName)).toEqual([null, null]);
  });

  it('multipart: the part filename, UTF-8 as browsers send it', async () => {
    const { user, token } = await app.factories.signedIn();
    const res = await post(token, await png(), 'Été à Kharg – 2.png');
    expectOk(res, 'upload.success', 201);
    expect(res.body.data.originalName).toBe('Été à Kharg – 2.png');
    expect((await rowsOf(user.id))[0]!.originalName).toBe('Été à Kharg – 2.png');
  });

  it('big-file session: the name given when it opened', async () => {
    const { user, token } = await app.factories.signedIn();
    const file = mp4(1000);
    const open = await app.request
      .post('/api/service/uploadBigFile')
      .set('x-access-token', token)
      .send({ data: { size: file.length, mimeType: 'video/mp4', name: 'clips/aimbot proof.mp4' } });
    expectOk(open, 'upload.session');
    const last = await app.request
      .put(new URL(open.body.data.uploadUrl).pathname)
      .set('Content-Type', 'application/octet-stream')
      .set('Content-Range', `bytes 0-${file.length - 1}/${file.length}`)
      .send(file);
    expectOk(last, 'upload.success', 201);
    expect(last.body.data.originalName).toBe('aimbot proof.mp4');
    expect((await rowsOf(user.id))[0]).toMatchObject({ kind: 'video', originalName: 'aimbot proof.mp4' });
  });
});

describe('the kept name is cleaned', () => {
  it('path parts, control characters and direction overrides go, the text is NFC', async () => {
    const { token } = await app.factories.signedIn();
    const raw = await put(token, await png(), "attachment; filename*=UTF-8''..%2F..%2Fetc%2Fe%CC%81vil%E2%80%AEgnp%0A.png");
    expect(raw.body.data.originalName).toBe('\u00e9vilgnp.png');
    const multi = await post(token, await png(), 'C:\\fakepath\\tab\there.png');
    expect(multi.body.data.originalName).toBe('tabhere.png');
    const big = await app.request.post('/api/service/uploadBigFile').set('x-access-token', token).send({ data: { size: 1000, mimeType: 'video/mp4', name: '  /  ' } });
    expectOk(big, 'upload.session');
    const [session] = await app.services.db.select().from(uploadSessions).where(eq(uploadSessions.name, big.body.data.name));
    expect(session!.originalName).toBeNull();
  });

  it('a name over the limit is refused with 400 upload.bad on every path, leaving nothing and no quota taken', async () => {
    const { user, token } = await app.factories.signedIn();
    const long = `${'n'.repeat(LIMITS.fileNameMax - 4)}.mp4`;
    // A video: ready at once, so no image job changes the stored size while the quota is compared.
    expectOk(await put(token, mp4(200), `attachment; filename="${long}"`), 'upload.success', 201);
    const before = await quotaOf(user.id);
    expectError(await put(token, await png(), `attachment; filename="x${long}"`), 400, 'upload.bad');
    expectError(await post(token, await png(), `x${long}`), 400, 'upload.bad');
    expectError(await app.request.post('/api/service/uploadBigFile').set('x-access-token', token).send({ data: { size: 1000, mimeType: 'video/mp4', name: `x${long}` } }), 400, 'upload.bad');
    expect((await rowsOf(user.id)).map((r) => r.originalName)).toEqual([long]);
    expect(await quotaOf(user.id)).toMatchObject({ totalBytes: before!.totalBytes, dayBytes: before!.dayBytes, dayFiles: before!.dayFiles });
  });
});
