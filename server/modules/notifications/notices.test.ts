import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '@server/db/schema';
import { createTestApp, joinRoom, nextEvent, type TestApp } from '@server/test/harness';
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
});
