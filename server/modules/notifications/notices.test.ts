import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '@server/db/schema';
import { collectEvents, createTestApp, joinRoom, nextEvent, unique, type TestApp } from '@server/test/harness';
import { expectOk } from '@server/test/expect';
import { openCase } from '@server/test/cases';

let app: TestApp;
let bot: string;
beforeAll(async () => {
  app = await createTestApp();
  ({ token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true }));
});
afterAll(() => app?.close());

const reply = (token: string, toPlayerId: number, content: string, toCommentId?: number) =>
  app.request.post('/api/player/reply').set('x-access-token', token).send({ data: { toPlayerId, content, toCommentId }, SKIP_CAPTCHA: true });

describe('the author of a quoted entry is notified', () => {
  it('gets an inbox message and a live toast, in their language; quoting yourself notifies nobody', async () => {
    const author = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true, attr: { language: 'zh-CN' } });
    const answerer = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    const { dbId } = await openCase(app, bot);
    const first = await reply(author.token, dbId, '<p>The second clip shows it clearly.</p>');
    expectOk(first, 'reply.success');
    const s = await app.socket(author.token);
    await joinRoom(s, `user:${author.user.id}`);
    const toast = nextEvent(s, (e) => e.name === 'notification');
    expectOk(await reply(answerer.token, dbId, '<p>I disagree, look at the ping.</p>', first.body.data.id), 'reply.success');
    expect((await toast).payload).toMatchObject({ type: 'reply', playerId: dbId, content: expect.stringContaining(answerer.user.username) });
    expectOk(await reply(author.token, dbId, '<p>Quoting my own words again here.</p>', first.body.data.id), 'reply.success');
    const inbox = await app.services.db.select().from(messages).where(eq(messages.toUserId, author.user.id));
    expect(inbox).toHaveLength(1);
    expect(inbox[0]!.content).toContain('回复了你');
  });

  it('names the one who answered as the site now does: renamed, then anonymised, in the inbox and in replays of its room', async () => {
    const author = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true, attr: { language: 'zh-CN' } });
    const answerer = await app.factories.signedIn();
    const root = await app.factories.signedIn({ privileges: ['root'] });
    const { dbId } = await openCase(app, bot);
    const first = await reply(author.token, dbId, '<p>The second clip shows it clearly.</p>');
    expectOk(first, 'reply.success');
    const answer = { toPlayerId: dbId, content: '<p>I disagree, look at the ping.</p>', toCommentId: first.body.data.id };
    expectOk(await app.request.post('/api/player/reply').set('x-access-token', answerer.token).send({ data: answer, captcha: await app.solveCaptcha() }), 'reply.success');
    const shown = async () => {
      const res = await app.request.get('/api/message').query({ box: 'system' }).set('x-access-token', author.token);
      expectOk(res, 'message.success');
      return (res.body.data.messages as Array<{ type: string; content: string }>).filter((m) => m.type === 'reply').map((m) => m.content);
    };
    const replayed = async () => {
      const s = await app.socket(author.token);
      const events = collectEvents(s);
      expect(await joinRoom(s, `user:${author.user.id}`, 0)).toMatchObject({ ok: true });
      await new Promise((r) => setTimeout(r, 300));
      s.disconnect();
      return events.filter((e) => e.name === 'notification').map((e) => (e.payload as { content: string }).content);
    };

    const renamed = unique('renamed');
    expectOk(await app.request.post('/api/user/changeName').set('x-access-token', answerer.token).send({ data: { newname: renamed }, captcha: await app.solveCaptcha() }), 'changeName.success');
    const [content] = await shown();
    expect(content).toContain(renamed);
    expect(content).toContain('回复了你');
    expect(content).not.toContain(answerer.user.username);
    expect(await replayed()).toEqual([content]);

    expectOk(await app.request.post('/api/admin/delUser').set('x-access-token', root.token).send({ data: { type: 'real', id: answerer.user.id } }), 'admin.delUser.success', 201);
    const now = (await app.factories.userRow(answerer.user.id)).username;
    const [anonymised] = await shown();
    expect(anonymised).toContain(now);
    expect(anonymised).not.toContain(renamed);
    expect(await replayed()).toEqual([anonymised]);
  });
});
