import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { RoomEvent } from '@shared/socket';
import { LIMITS } from '@shared/limits';
import { files } from '@server/db/schema';
import { createTestApp, joinRoom, nextEvent, PUBLIC_URL, type TestApp } from '@server/test/harness';
import { expectError, expectOk } from '@server/test/expect';
import { png } from '@server/test/media';
import { newFileName } from '../../infra/storage';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

const me = async (token: string) => (await app.request.get('/api/user/me').set('x-access-token', token)).body.data;
const choose = (token: string, filename: string | null) => app.request.post('/api/user/avatar').set('x-access-token', token).send({ data: { filename } });

/** Uploads an image and waits until it is processed. */
async function readyImage(token: string, userId: number) {
  const socket = await app.socket(token);
  await joinRoom(socket, `user:${userId}`);
  const up = await app.request.put('/api/service/upload').set('x-access-token', token).set('Content-Type', 'application/octet-stream').send(await png(500, 300));
  expectOk(up, 'upload.success', 201);
  await nextEvent(socket, (e: RoomEvent) => e.name === 'file.updated', 15_000);
  socket.disconnect();
  return up.body.data.name as string;
}

describe('POST /api/user/avatar', () => {
  it('an own processed image becomes the avatar shown for the user, at 150 px; deleting it brings the default back', async () => {
    const { user, token } = await app.factories.signedIn();
    const gravatar = (await me(token)).userAvatar as string;
    expect(gravatar).toMatch(/^https:\/\/www\.gravatar\.com\//);
    const name = await readyImage(token, user.id);

    const socket = await app.socket(token);
    await joinRoom(socket, `user:${user.id}`);
    const told = nextEvent(socket, (e) => e.name === 'user.updated');
    const res = await choose(token, name);
    expectOk(res, 'avatar.success');
    await told;
    const url = `/api/service/file?filename=${name}&size=avatar`;
    // Absolute on the site's address, as API clients show it as it comes (Gravatar links always were).
    expect(res.body.data.userAvatar).toBe(`${PUBLIC_URL}${url}`);
    expect((await me(token)).userAvatar).toBe(`${PUBLIC_URL}${url}`);
    expect((await app.request.get(`/api/user/info?id=${user.id}`)).body.data.userAvatar).toBe(`${PUBLIC_URL}${url}`);
    const img = await app.request
      .get(url)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(await sharp(img.body as Buffer).metadata()).toMatchObject({ width: LIMITS.avatarPx, height: LIMITS.avatarPx });

    const cleared = nextEvent(socket, (e) => e.name === 'user.updated');
    expectOk(await app.request.delete(`/api/service/file?filename=${name}`).set('x-access-token', token), 'file.deleted');
    await cleared;
    socket.disconnect();
    expect((await me(token)).userAvatar).toBe(gravatar);
  });

  it('refuses files of others, files not processed, and goes back to the default with null', async () => {
    const { user, token } = await app.factories.signedIn();
    const other = await app.factories.signedIn();
    const theirs = await readyImage(other.token, other.user.id);
    expectError(await choose(token, theirs), 404, 'file.notFound');
    const pending = newFileName('png');
    await app.services.db.insert(files).values({ name: pending, byUserId: user.id, mimeType: 'image/png', kind: 'image', state: 'processing', size: 10 });
    expectError(await choose(token, pending), 400, 'avatar.bad');
    const mine = await readyImage(token, user.id);
    expectOk(await choose(token, mine), 'avatar.success');
    expectOk(await choose(token, null), 'avatar.success');
    expect((await me(token)).userAvatar).toMatch(/^https:\/\/www\.gravatar\.com\//);
    const bot = await app.factories.signedIn({ privileges: ['bot'], visitType: 'bot', skipCaptcha: true });
    expectError(await choose(bot.token, null), 403, 'user.permissionDenined');
  });
});
