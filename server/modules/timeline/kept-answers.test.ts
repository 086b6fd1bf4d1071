import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { timeline } from '@server/db/schema';
import { createTestApp, type TestApp } from '@server/test/harness';
import { expectOk } from '@server/test/expect';
import { openCase } from '@server/test/cases';
import { achievementById, grantOne } from '@server/modules/achievements/grant';
import { plainWord } from '@server/test/search-fixtures';

// Kept answers (the read cache) end when an account they show changes, and only those.
let app: TestApp;
let bot: string;
let root: string;
beforeAll(async () => {
  app = await createTestApp();
  ({ token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true }));
  ({ token: root } = await app.factories.signedIn({ privileges: ['root'] }));
});
afterAll(() => app?.close());

type Entry = { id: number; byUserId: number | null; username: string | null; content: { text: string }; byUserAchievements?: Record<string, number> };
const page = async (dbId: number) => (await app.request.get(`/api/player/timeline?dbId=${dbId}`)).body.data.result as Entry[];
const admin = (path: string, data: object) => app.request.post(`/api/admin/${path}`).set('x-access-token', root).send({ data });
const replyAs = async (token: string, toPlayerId: number, content: string) =>
  expectOk(await app.request.post('/api/player/reply').set('x-access-token', token).send({ data: { toPlayerId, content }, captcha: await app.solveCaptcha() }), 'reply.success');

/**
 * Changes an entry's text behind the site's back (no event): a page still kept shows the old text,
 * one read again shows the new one.
 */
async function editSilently(dbId: number) {
  const text = `<p>edited ${plainWord()}</p>`;
  const [first] = await app.services.db.select({ id: timeline.id }).from(timeline).where(eq(timeline.playerId, dbId)).limit(1);
  await app.services.db.update(timeline).set({ content: text }).where(eq(timeline.id, first!.id));
  return text;
}

describe('kept timeline pages and accounts', () => {
  it('a renamed account drops the pages that show it and keeps every other page', async () => {
    const { user: member, token } = await app.factories.signedIn();
    const shown = await openCase(app, bot);
    const other = await openCase(app, bot);
    await replyAs(token, shown.dbId, '<p>seen it too</p>');
    await page(shown.dbId);
    const kept = (await page(other.dbId))[0]!.content.text;
    const edited = await editSilently(other.dbId);

    const renamed = `Re${plainWord(10)}`;
    expectOk(await admin('setUserAttr', { id: member.id, username: renamed }), 'admin.setUserAttr.ok');
    expect((await page(shown.dbId)).find((e) => e.byUserId === member.id)?.username).toBe(renamed);
    expect((await page(other.dbId))[0]!.content.text).toBe(kept);
    expect(kept).not.toBe(edited);
  });

  it('an achievement granted by a job drops only the pages of its owner, not every case answer', async () => {
    const { user: member, token } = await app.factories.signedIn();
    const shown = await openCase(app, bot);
    const other = await openCase(app, bot);
    await replyAs(token, shown.dbId, '<p>same here</p>');
    expect((await page(shown.dbId)).find((e) => e.byUserId === member.id)?.byUserAchievements).toBeUndefined();
    const kept = (await page(other.dbId))[0]!.content.text;
    await app.request.get(`/api/player?dbId=${other.dbId}`);
    await editSilently(other.dbId);

    await grantOne(app.services, member, achievementById('old_user')!, null);
    expect(Object.keys((await page(shown.dbId)).find((e) => e.byUserId === member.id)?.byUserAchievements ?? {})).toEqual(['old_user']);
    expect((await page(other.dbId))[0]!.content.text).toBe(kept);
  });

  it('anonymising an account takes its name off kept pages; restoring one brings it back to search', async () => {
    const { user: member, token } = await app.factories.signedIn();
    const shown = await openCase(app, bot);
    await replyAs(token, shown.dbId, '<p>I report this too</p>');
    expect((await page(shown.dbId)).find((e) => e.byUserId === member.id)?.username).toBe(member.username);
    expectOk(await admin('delUser', { type: 'real', id: member.id }), 'admin.delUser.success', 201);
    expect((await page(shown.dbId)).find((e) => e.byUserId === member.id)?.username).toMatch(/^deleted-/);

    const word = plainWord();
    const away = await app.factories.createUser({ username: `Back${word}` });
    const found = async () => (await app.request.get(`/api/search?type=user&param=${word}`)).body.total as number;
    expectOk(await admin('delUser', { type: 'logic', id: away.id }), 'admin.delUser.success', 201);
    expect(await found()).toBe(0);
    expectOk(await admin('delUser', { type: 'restore', id: away.id }), 'admin.delUser.success', 201);
    expect(await found()).toBe(1);
  });
});
