import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, type FileKind } from '@server/db/schema';
import { createTestApp, type TestApp } from '@server/test/harness';
import { expectError, expectOk } from '@server/test/expect';
import { LIMITS } from '@shared/limits';
import { newFileName } from '../../infra/storage';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

const EXT: Record<FileKind, string> = { image: 'png', video: 'mp4', archive: 'zip' };
const MIME: Record<FileKind, string> = { image: 'image/png', video: 'video/mp4', archive: 'application/zip' };

/** Stored files of one owner, oldest first, one a second from `from`; `null` names are files from before names were kept. */
async function seed(userId: number, list: Array<[string | null, FileKind]>, from = Date.now() - 1_000_000) {
  await app.services.db.insert(files).values(
    list.map(([originalName, kind], i) => ({ name: newFileName(EXT[kind]), originalName, byUserId: userId, mimeType: MIME[kind], kind, state: 'ready' as const, size: 100 + i, createTime: new Date(from + i * 1000) })),
  );
}

const mine = (token: string, query: Record<string, string | number>) => app.request.get('/api/service/myFiles').query(query).set('x-access-token', token);
const namesOf = (body: { data: Array<{ originalName: string | null }> }) => body.data.map((f) => f.originalName);

describe('the media library filters by name and kind', () => {
  let token: string;
  beforeAll(async () => {
    const owner = await app.factories.signedIn();
    token = owner.token;
    await seed(owner.user.id, [
      ['Kharg Island wallhack.png', 'image'],
      ['kharg aimbot clip.mp4', 'video'],
      ['MOSS_kharg.zip', 'archive'],
      ['été 100%_final.png', 'image'],
      ['100 percent final.png', 'image'],
      [null, 'image'],
      ['back\\slash.png', 'image'],
    ]);
    // Someone else's file with a matching name never shows in this library.
    const other = await app.factories.signedIn();
    await seed(other.user.id, [['kharg elsewhere.png', 'image']]);
  });

  it('by name: contained, in any case, newest first, with the total of the matches', async () => {
    const res = await mine(token, { name: 'KHARG' });
    expectOk(res, 'myFiles.ok');
    expect(res.body.total).toBe(3);
    expect(namesOf(res.body)).toEqual(['MOSS_kharg.zip', 'kharg aimbot clip.mp4', 'Kharg Island wallhack.png']);
    // Letters beyond ASCII fold too, and the filter is read as NFC (a decomposed é finds the stored é).
    expect(namesOf((await mine(token, { name: 'ÉTÉ' })).body)).toEqual(['été 100%_final.png']);
    expect(namesOf((await mine(token, { name: 'e\u0301te\u0301' })).body)).toEqual(['été 100%_final.png']);
  });

  it('LIKE wildcards in the filter match themselves', async () => {
    expect(namesOf((await mine(token, { name: '100%' })).body)).toEqual(['été 100%_final.png']);
    expect(namesOf((await mine(token, { name: '%_f' })).body)).toEqual(['été 100%_final.png']);
    expect((await mine(token, { name: '_' })).body.total).toBe(2);
    expect(namesOf((await mine(token, { name: 'k\\s' })).body)).toEqual(['back\\slash.png']);
    expect((await mine(token, { name: 'zzz' })).body).toMatchObject({ total: 0, data: [] });
  });

  it('by kind, alone and with a name; a blank name is no filter', async () => {
    const images = await mine(token, { kind: 'image' });
    expect(images.body.total).toBe(5);
    expect(images.body.data.every((f: { kind: string }) => f.kind === 'image')).toBe(true);
    expect((await mine(token, { kind: 'archive' })).body.total).toBe(1);
    const both = await mine(token, { name: 'kharg', kind: 'video' });
    expect(both.body.total).toBe(1);
    expect(namesOf(both.body)).toEqual(['kharg aimbot clip.mp4']);
    expect((await mine(token, { name: '   ' })).body.total).toBe(7);
  });

  it('the total counts every match across pages', async () => {
    const { user, token: many } = await app.factories.signedIn();
    await seed(user.id, [...Array.from({ length: 45 }, (_, i): [string, FileKind] => [`round ${i}.png`, 'image']), ['other.png', 'image']]);
    const first = await mine(many, { name: 'ROUND' });
    expect(first.body).toMatchObject({ total: 45 });
    expect(first.body.data).toHaveLength(LIMITS.mediaPage);
    const second = await mine(many, { name: 'ROUND', skip: LIMITS.mediaPage });
    expect(namesOf(second.body)).toEqual(['round 4.png', 'round 3.png', 'round 2.png', 'round 1.png', 'round 0.png']);
    expect(second.body.total).toBe(45);
  });

  it('a bad filter is 400 myFiles.bad', async () => {
    expectError(await mine(token, { kind: 'pdf' }), 400, 'myFiles.bad');
    expectError(await mine(token, { name: 'x'.repeat(LIMITS.fileNameMax + 1) }), 400, 'myFiles.bad');
  });
});

describe('the staff media list filters by name', () => {
  it('root: by name across owners, with kind and owner; totals exact; the own name in each file', async () => {
    const a = await app.factories.signedIn();
    const b = await app.factories.signedIn();
    const tag = `Q${Date.now()}`;
    await seed(a.user.id, [[`${tag} one.png`, 'image'], [`${tag} two.mp4`, 'video'], ['unrelated.png', 'image']]);
    await seed(b.user.id, [[`${tag.toLowerCase()} three.png`, 'image'], [null, 'image']], Date.now() - 500_000);
    const { token: root } = await app.factories.signedIn({ privileges: ['root'] });
    const list = (data: Record<string, unknown>) => app.request.post('/api/service/files').set('x-access-token', root).send({ data });

    const byName = await list({ name: tag });
    expectOk(byName, 'files.ok');
    expect(byName.body.total).toBe(3);
    expect(namesOf(byName.body)).toEqual([`${tag.toLowerCase()} three.png`, `${tag} two.mp4`, `${tag} one.png`]);
    expect(byName.body.data[0]).toMatchObject({ userId: b.user.id, filename: expect.stringMatching(/\.png$/) });
    expect((await list({ name: tag, kind: 'image' })).body.total).toBe(2);
    expect((await list({ name: tag, userId: a.user.id })).body.total).toBe(2);
    expect((await list({ name: tag, userId: a.user.id, kind: 'archive' })).body).toMatchObject({ total: 0, data: [] });
    // Without a name the files from before names were kept are listed, with null.
    expect(namesOf((await list({ userId: b.user.id })).body)).toEqual([null, `${tag.toLowerCase()} three.png`]);
    expectError(await list({ name: 'x'.repeat(LIMITS.fileNameMax + 1) }), 400, 'files.bad');
  });
});
