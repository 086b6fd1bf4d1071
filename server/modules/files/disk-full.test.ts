import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { files } from '@server/db/schema';
import { createTestApp, type TestApp } from '@server/test/harness';
import { expectError, expectOk } from '@server/test/expect';

/**
 * The upload disk fills up: UPLOAD_DIR is a 1 MiB tmpfs of the test's own (the suite runs as root
 * on the CI machine), nearly filled before the upload.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribunal-full-disk-'));
let app: TestApp;
beforeAll(async () => {
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir]);
  app = await createTestApp({ env: { UPLOAD_DIR: dir } });
});
afterAll(async () => {
  await app?.close();
  execFileSync('umount', [dir]);
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A PNG of noise: it does not compress, so it takes about its pixels' size on disk. */
const noisyPng = () =>
  sharp({ create: { width: 360, height: 360, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .png({ compressionLevel: 0 })
    .toBuffer();
const quota = async (token: string) => {
  const { totalStorage, todayTraffic, todayFileNumber } = (await app.request.get('/api/service/myStorageQuota').set('x-access-token', token)).body.data;
  return { totalStorage, todayTraffic, todayFileNumber };
};
const leftovers = () => fs.readdirSync(path.join(dir, '.tmp'));

describe('a full upload disk', () => {
  it('answers 507 upload.error, keeps no file, row or quota, leaves the rest of the site working, and takes uploads again once there is room', async () => {
    const { user, token } = await app.factories.signedIn();
    const image = await noisyPng();
    expect(image.length).toBeGreaterThan(300_000);
    const filler = path.join(dir, 'filler');
    const free = () => {
      const st = fs.statfsSync(dir);
      return st.bavail * st.bsize;
    };
    fs.writeFileSync(filler, Buffer.alloc(Math.max(0, free() - 100_000)));
    expect(free()).toBeLessThan(image.length);
    const before = await quota(token);

    const put = () => app.request.put('/api/service/upload').set('x-access-token', token).set('Content-Type', 'application/octet-stream').send(image);
    const refused = await put();
    expectError(refused, 507, 'upload.error');
    expect(await app.services.db.select().from(files).where(eq(files.byUserId, user.id))).toEqual([]);
    expect(await quota(token)).toEqual(before);
    expect(leftovers()).toEqual([]);

    const multipart = await app.request.post('/api/service/upload').set('x-access-token', token).attach('file', image, { filename: 'shot.png', contentType: 'image/png' });
    expectError(multipart, 507, 'upload.error');
    expect(leftovers()).toEqual([]);

    // The database is elsewhere: everything else goes on.
    expectOk(await app.request.get('/api/user/me').set('x-access-token', token), 'userInfo.success');

    fs.rmSync(filler);
    expectOk(await put(), 'upload.success', 201);
    expect(await app.services.db.select().from(files).where(eq(files.byUserId, user.id))).toHaveLength(1);
  });
});
