import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { adminLog } from '@server/db/schema';
import { createTestApp, type TestApp, type TestUser } from '@server/test/harness';
import { expectError, expectInvalid, expectOk, expectTokenExpired, ISO_DATE } from '@server/test/expect';
import { report } from '@server/test/cases';
import { LIMITS } from '@shared/limits';

let app: TestApp;
/** Someone who accepts direct messages. */
let open: { user: TestUser; token: string };
beforeAll(async () => {
  app = await createTestApp();
  open = await app.factories.signedIn({ attr: { allowDM: true } });
});
afterAll(() => app?.close());

const send = (token: string | null, data: Record<string, unknown>) => {
  const req = app.request.post('/api/message');
  if (token) req.set('x-access-token', token);
  return req.send({ data });
};
const box = (token: string, query = '') => app.request.get(`/api/message?${query}`).set('x-access-token', token);
const mark = (token: string, query: string, body?: object) => app.request.post(`/api/message/mark?${query}`).set('x-access-token', token).send(body ?? {});
const del = (token: string, id: unknown) => app.request.post('/api/message/delete').set('x-access-token', token).send({ data: { id } });
const unread = (token: string) => app.request.get('/api/message/unread').set('x-access-token', token);

describe('POST /api/message', () => {
  it('sends a direct message: 201 message.success with the stored, sanitised message', async () => {
    const { user, token } = await app.factories.signedIn();
    const res = await send(token, { toUserId: open.user.id, type: 'direct', content: '<p>Hi <b>there</b><script>alert(1)</script> <img src="javascript:x"></p>' });
    expectOk(res, 'message.success', 201);
    expect(res.body.data).toMatchObject({
      byUserId: user.id,
      toUserId: open.user.id,
      type: 'direct',
      // An image without a safe source is dropped whole (shared/html-allowlist.ts).
      content: '<p>Hi <b>there</b> </p>',
      haveRead: 0,
      username: user.username,
      toUsername: open.user.username,
    });
    expect(res.body.data.createTime).toMatch(ISO_DATE);
    const inbox = await box(open.token, 'box=in');
    expect(inbox.body.data.messages[0]).toMatchObject({ id: res.body.data.id, content: '<p>Hi <b>there</b> </p>' });
  });

  it('answers many sends at once each on its own: distinct ids, the right recipient, a refusal only where due', async () => {
    const senders = await Promise.all(Array.from({ length: 4 }, () => app.factories.signedIn()));
    const closed = await app.factories.createUser({ attr: { allowDM: false } });
    // Sent together, the sends share reads and writes (`coalesce`); every answer must still be its own.
    const plan = Array.from({ length: 24 }, (_, i) => ({ from: senders[i % 4]!, to: i === 9 ? closed.id : i === 17 ? 2_000_000_000 : open.user.id, content: `<p>together ${i}</p>` }));
    const answers = await Promise.all(plan.map((p) => send(p.from.token, { toUserId: p.to, type: 'direct', content: p.content })));
    answers.forEach((res, i) => {
      if (i === 9) return expectError(res, 403, 'message.blocked');
      if (i === 17) return expectError(res, 404, 'message.notFound');
      expectOk(res, 'message.success', 201);
      expect(res.body.data).toMatchObject({ byUserId: plan[i]!.from.user.id, toUserId: open.user.id, content: plan[i]!.content, toUsername: open.user.username });
    });
    const sent = answers.filter((_, i) => i !== 9 && i !== 17).map((res) => res.body.data as { id: number; content: string });
    expect(new Set(sent.map((m) => m.id)).size).toBe(22);
    const inbox = await box(open.token, 'box=in&limit=100');
    const stored = new Map((inbox.body.data.messages as Array<{ id: number; content: string }>).map((m) => [m.id, m.content]));
    for (const m of sent) expect(stored.get(m.id)).toBe(m.content);
  });

  it('refuses self-chat, closed inboxes, unknown or deleted recipients, empty and overlong text', async () => {
    const { user, token } = await app.factories.signedIn({ attr: { allowDM: true } });
    const closed = await app.factories.createUser({ attr: { allowDM: false } });
    const gone = await app.factories.createUser({ attr: { allowDM: true }, valid: false });
    expectError(await send(token, { toUserId: user.id, type: 'direct', content: 'me' }), 403, 'message.self');
    expectError(await send(token, { toUserId: closed.id, type: 'direct', content: 'hello' }), 403, 'message.blocked');
    expectError(await send(token, { toUserId: 2_000_000_000, type: 'direct', content: 'hello' }), 404, 'message.notFound');
    expectError(await send(token, { toUserId: gone.id, type: 'direct', content: 'hello' }), 404, 'message.notFound');
    expectError(await send(token, { toUserId: open.user.id, type: 'direct', content: '<p> </p>' }), 400, 'message.bad');
    expectInvalid(await send(token, { toUserId: open.user.id, type: 'direct', content: 'x'.repeat(LIMITS.messageMax + 1) }), 'message.bad', 'data.content');
    expectInvalid(await send(token, { toUserId: open.user.id, type: 'direct', content: '' }), 'message.bad', 'data.content');
    expectInvalid(await send(token, { type: 'direct', content: 'to whom' }), 'message.bad', 'data.toUserId');
    expectInvalid(await send(token, { toUserId: open.user.id, type: 'info', content: 'x' }), 'message.bad', 'data.type');
    expectInvalid(await send(token, { toUserId: open.user.id, type: 'reply', content: 'x' }), 'message.bad', 'data.type');
    expectOk(await send(token, { toUserId: open.user.id, type: 'direct', content: 'fine' }), 'message.success', 201);
  });

  it('refuses muted senders until the mute ends', async () => {
    const muted = await app.factories.signedIn({ attr: { mute: new Date(Date.now() + 3_600_000).toISOString() } });
    expectError(await send(muted.token, { toUserId: open.user.id, type: 'direct', content: 'let me talk' }), 403, 'message.muted');
    const over = await app.factories.signedIn({ attr: { mute: new Date(Date.now() - 1000).toISOString() } });
    expectOk(await send(over.token, { toUserId: open.user.id, type: 'direct', content: 'free again' }), 'message.success', 201);
  });

  it('lets staff warn users who closed their inbox (direct stays closed)', async () => {
    const admin = await app.factories.signedIn({ privileges: ['admin'] });
    const closed = await app.factories.signedIn({ attr: { allowDM: false } });
    expectError(await send(admin.token, { toUserId: closed.user.id, type: 'direct', content: 'hi' }), 403, 'message.blocked');
    const res = await send(admin.token, { toUserId: closed.user.id, type: 'warn', content: 'Keep it civil in replies.' });
    expectOk(res, 'message.success', 201);
    expect((await box(closed.token)).body.data.messages[0]).toMatchObject({ type: 'warn', byUserId: admin.user.id, content: 'Keep it civil in replies.' });
    // A staff message is logged with its sender, written with the message.
    const logged = await app.services.db.select().from(adminLog).where(and(eq(adminLog.actorId, admin.user.id), eq(adminLog.action, 'sendMessage')));
    expect(logged).toMatchObject([{ targetUserId: closed.user.id, detail: { type: 'warn', messageId: res.body.data.id } }]);
  });

  it('ignores toUserId on broadcasts', async () => {
    const sup = await app.factories.signedIn({ privileges: ['super'] });
    const res = await send(sup.token, { toUserId: open.user.id, type: 'toAll', content: 'Maintenance tonight at 22:00 UTC.' });
    expectOk(res, 'message.success', 201);
    expect(res.body.data).toMatchObject({ toUserId: null, type: 'toAll' });
    expect((await box(open.token, 'box=in')).body.data.messages.some((m: { id: number }) => m.id === res.body.data.id)).toBe(false);
  });

  it('limits people to 20 messages a minute; staff are exempt', async () => {
    const { token } = await app.factories.signedIn();
    for (let i = 0; i < 20; i++) expectOk(await send(token, { toUserId: open.user.id, type: 'direct', content: `message ${i}` }), 'message.success', 201);
    expectError(await send(token, { toUserId: open.user.id, type: 'direct', content: 'one more' }), 429, 'request.rateLimited');
    const admin = await app.factories.signedIn({ privileges: ['admin'] });
    for (let i = 0; i < 21; i++) expectOk(await send(admin.token, { toUserId: open.user.id, type: 'warn', content: `warning ${i}` }), 'message.success', 201);
  }, 60_000);

  describe('who may send what', () => {
    const TYPES = ['direct', 'warn', 'command', 'fatal', 'toAll', 'toAdmins', 'toNormals'] as const;
    const all = Object.fromEntries(TYPES.map((t) => [t, 201])) as Record<(typeof TYPES)[number], number | string>;
    const only = (allowed: readonly string[], otherwise: string) => Object.fromEntries(TYPES.map((t) => [t, allowed.includes(t) ? 201 : otherwise]));
    const MATRIX: Array<{ who: string; privileges: string[]; bound?: boolean; expect: Record<string, number | string> }> = [
      { who: 'unbound', privileges: ['normal'], bound: false, expect: only([], 'user.needBindEaAccount') },
      { who: 'normal', privileges: ['normal'], expect: only(['direct'], 'message.denied') },
      { who: 'volunteer', privileges: ['normal', 'volunteer'], expect: only(['direct'], 'message.denied') },
      { who: 'bot', privileges: ['bot'], expect: only(['direct'], 'message.denied') },
      { who: 'admin', privileges: ['admin'], expect: only(['direct', 'warn', 'command'], 'message.denied') },
      { who: 'super', privileges: ['super'], expect: all },
      { who: 'root', privileges: ['root'], expect: all },
      { who: 'dev', privileges: ['dev'], expect: all },
      { who: 'blacklisted', privileges: ['blacklisted'], expect: only([], 'message.banned') },
      { who: 'freezed', privileges: ['freezed'], expect: only([], 'message.banned') },
    ];

    it('answers 401 to visitors', async () => {
      for (const type of TYPES) expectTokenExpired(await send(null, { toUserId: open.user.id, type, content: 'hello' }));
    });

    for (const row of MATRIX) {
      it(`${row.who}: ${Object.entries(row.expect).map(([t, r]) => `${t} ${r}`).join(', ')}`, async () => {
        const skipCaptcha = row.privileges.includes('bot') || row.privileges.includes('dev');
        const { token } = await app.factories.signedIn({ privileges: row.privileges, bound: row.bound, skipCaptcha });
        for (const [type, want] of Object.entries(row.expect)) {
          const res = await send(token, { toUserId: open.user.id, type, content: `a ${type} from ${row.who}` });
          if (want === 201) expectOk(res, 'message.success', 201);
          else expectError(res, 403, String(want));
        }
      });
    }

    it('lets unbound staff and bots message (reference §5)', async () => {
      const admin = await app.factories.signedIn({ privileges: ['admin'], bound: false });
      expectOk(await send(admin.token, { toUserId: open.user.id, type: 'warn', content: 'from unbound staff' }), 'message.success', 201);
      const bot = await app.factories.signedIn({ privileges: ['bot'], bound: false, skipCaptcha: true });
      expectOk(await send(bot.token, { toUserId: open.user.id, type: 'direct', content: 'beep' }), 'message.success', 201);
    });
  });
});

describe('GET /api/message', () => {
  it('lists in (system notifications included), out and announce, newest first, with exact totals', async () => {
    const bot = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    const me = await app.factories.signedIn({ attr: { allowDM: true } });
    const friend = await app.factories.signedIn({ attr: { allowDM: true } });
    // A system notification: my game account gets reported.
    const account = me.user.account!;
    expectOk(await report(app, bot.token, account), 'report.success');
    for (let i = 0; i < 3; i++) expectOk(await send(friend.token, { toUserId: me.user.id, type: 'direct', content: `from friend ${i}` }), 'message.success', 201);
    expectOk(await send(me.token, { toUserId: friend.user.id, type: 'direct', content: 'answer' }), 'message.success', 201);

    const inbox = await box(me.token, 'box=in&limit=2');
    expectOk(inbox, 'message.success');
    expect(inbox.body.data.total).toBe(4);
    expect(inbox.body.data.messages.map((m: { content: string }) => m.content)).toEqual(['from friend 2', 'from friend 1']);
    const all = (await box(me.token)).body.data.messages;
    const notice = all.at(-1);
    expect(notice).toMatchObject({ type: 'warn', byUserId: null, username: null, toUserId: me.user.id, haveRead: 0, personaId: account.personaId });
    expect(notice.playerId).toEqual(expect.any(Number));
    const second = await box(me.token, 'box=in&skip=3&limit=2');
    expect(second.body.data.messages).toHaveLength(1);

    const out = await box(me.token, 'box=out');
    expect(out.body.data).toMatchObject({ total: 1, messages: [{ content: 'answer', toUserId: friend.user.id, toUsername: friend.user.username }] });

    const system = await box(me.token, 'box=system');
    expect(system.body.data).toMatchObject({ total: 1, messages: [{ id: notice.id, byUserId: null }] });

    const later = await box(me.token, `box=in&from=${Date.now() + 60_000}`);
    expect(later.body.data).toEqual({ messages: [], total: 0 });
  });

  it('shows each role the broadcasts meant for it', async () => {
    const dev = await app.factories.signedIn({ privileges: ['dev'], skipCaptcha: true });
    const tag = `b${Date.now()}`;
    for (const type of ['toAll', 'toAdmins', 'toNormals']) expectOk(await send(dev.token, { type, content: `${tag} ${type}` }), 'message.success', 201);
    const normal = await app.factories.signedIn();
    const admin = await app.factories.signedIn({ privileges: ['admin'] });
    const mine = async (token: string) => (await box(token, 'box=announce&limit=100')).body.data.messages.filter((m: { content: string }) => m.content.startsWith(tag)).map((m: { type: string }) => m.type);
    expect(await mine(normal.token)).toEqual(['toNormals', 'toAll']);
    expect(await mine(admin.token)).toEqual(['toAdmins', 'toAll']);
    expect((await box(dev.token, 'box=out')).body.data.total).toBe(3);
  });

  it('validates its query and needs a token', async () => {
    const { token } = await app.factories.signedIn();
    expectInvalid(await box(token, 'box=trash'), 'message.bad', 'box');
    expectInvalid(await box(token, 'limit=101'), 'message.bad', 'limit');
    expectInvalid(await box(token, 'skip=-1'), 'message.bad', 'skip');
    expectTokenExpired(await app.request.get('/api/message'));
  });
});

describe('POST /api/message/mark', () => {
  it('marks read and unread by query (the original form) or body, and counts unread for the badge', async () => {
    const me = await app.factories.signedIn({ attr: { allowDM: true } });
    const friend = await app.factories.signedIn();
    const a = (await send(friend.token, { toUserId: me.user.id, type: 'direct', content: 'first' })).body.data;
    const b = (await send(friend.token, { toUserId: me.user.id, type: 'direct', content: 'second' })).body.data;
    expect((await unread(me.token)).body.data).toMatchObject({ unread: 2, fromUsers: 2, system: 0 });

    const res = await mark(me.token, `id=${a.id}&type=read`);
    expectOk(res, 'message.marked');
    expect(res.body.data).toMatchObject({ id: a.id, type: 'read' });
    expect((await unread(me.token)).body.data.unread).toBe(1);
    expectOk(await mark(me.token, '', { data: { id: a.id, type: 'unread' } }), 'message.marked');
    expectOk(await mark(me.token, '', { ids: [a.id, b.id], type: 'read' }), 'message.marked');
    expect((await unread(me.token)).body.data.unread).toBe(0);
    expect((await box(me.token)).body.data.messages.map((m: { haveRead: number }) => m.haveRead)).toEqual([1, 1]);
    expectOk(await mark(me.token, `withUserId=${friend.user.id}&type=unread`), 'message.marked');
    expect((await unread(me.token)).body.data.unread).toBe(2);
  });

  it('answers 403 message.notFound for others’ messages and unknown ids, and 400 for bad input', async () => {
    const me = await app.factories.signedIn({ attr: { allowDM: true } });
    const friend = await app.factories.signedIn();
    const stranger = await app.factories.signedIn();
    const m = (await send(friend.token, { toUserId: me.user.id, type: 'direct', content: 'private' })).body.data;
    expectError(await mark(stranger.token, `id=${m.id}&type=read`), 403, 'message.notFound');
    // The sender holds no read state of the recipient's.
    expectError(await mark(friend.token, `id=${m.id}&type=read`), 403, 'message.notFound');
    expectError(await mark(me.token, `id=2000000000&type=read`), 403, 'message.notFound');
    expectInvalid(await mark(me.token, `id=${m.id}&type=burn`), 'message.bad', 'type');
    expectInvalid(await mark(me.token, 'type=read'), 'message.bad', 'id');
    expectInvalid(await mark(me.token, `id=${m.id}`), 'message.bad', 'type');
    expectTokenExpired(await app.request.post(`/api/message/mark?id=${m.id}&type=read`));
  });

  it('deletes with type=del, as the original web client asks', async () => {
    const me = await app.factories.signedIn({ attr: { allowDM: true } });
    const friend = await app.factories.signedIn();
    const m = (await send(friend.token, { toUserId: me.user.id, type: 'direct', content: 'to be removed' })).body.data;
    const res = await mark(me.token, `id=${m.id}&type=del`);
    expectOk(res, 'message.marked');
    expect(res.body.data).toMatchObject({ id: m.id, type: 'del' });
    expect((await box(me.token)).body.data.total).toBe(0);
  });
});

describe('POST /api/message/delete', () => {
  it('lets the recipient or the sender delete, nobody else; the message is gone for both', async () => {
    const me = await app.factories.signedIn({ attr: { allowDM: true } });
    const friend = await app.factories.signedIn({ attr: { allowDM: true } });
    const stranger = await app.factories.signedIn();
    const a = (await send(friend.token, { toUserId: me.user.id, type: 'direct', content: 'one' })).body.data;
    const b = (await send(me.token, { toUserId: friend.user.id, type: 'direct', content: 'two' })).body.data;
    expectError(await del(stranger.token, a.id), 403, 'message.notFound');
    const res = await del(me.token, a.id);
    expectOk(res, 'message.deleted');
    expect(res.body.data).toEqual({ id: a.id });
    expectError(await del(me.token, a.id), 403, 'message.notFound');
    expectOk(await del(me.token, b.id), 'message.deleted');
    expect((await box(friend.token, 'box=out')).body.data.total).toBe(0);
    expect((await box(friend.token, 'box=in')).body.data.total).toBe(0);
    expectInvalid(await del(me.token, 'x'), 'message.bad', 'data.id');
  });

  it('lets super/root/dev delete broadcasts, not admins or users', async () => {
    const sup = await app.factories.signedIn({ privileges: ['super'] });
    const root = await app.factories.signedIn({ privileges: ['root'] });
    const admin = await app.factories.signedIn({ privileges: ['admin'] });
    const user = await app.factories.signedIn();
    const m = (await send(sup.token, { type: 'toAll', content: 'old news' })).body.data;
    expectError(await del(user.token, m.id), 403, 'message.notFound');
    expectError(await del(admin.token, m.id), 403, 'message.notFound');
    expectOk(await del(root.token, m.id), 'message.deleted');
  });
});

describe('conversations', () => {
  it('lists the people I talk with, latest first, with unread counts, and one conversation both ways', async () => {
    const me = await app.factories.signedIn({ attr: { allowDM: true } });
    const ann = await app.factories.signedIn({ attr: { allowDM: true } });
    const bob = await app.factories.signedIn({ attr: { allowDM: false } });
    await send(ann.token, { toUserId: me.user.id, type: 'direct', content: 'ann 1' });
    await send(ann.token, { toUserId: me.user.id, type: 'direct', content: 'ann 2' });
    await send(me.token, { toUserId: ann.user.id, type: 'direct', content: 'me to ann' });
    const admin = await app.factories.signedIn({ privileges: ['admin'] });
    await send(admin.token, { toUserId: me.user.id, type: 'warn', content: 'a warning' });
    await send(me.token, { toUserId: bob.user.id, type: 'direct', content: 'closed' }); // refused: bob's inbox is closed

    const list = await app.request.get('/api/message/conversations').set('x-access-token', me.token);
    expectOk(list, 'message.success');
    expect(list.body.data.total).toBe(2);
    expect(list.body.data.conversations).toMatchObject([
      { userId: admin.user.id, username: admin.user.username, unread: 1, total: 1, allowDM: false, last: { content: 'a warning' } },
      { userId: ann.user.id, username: ann.user.username, unread: 2, total: 3, allowDM: true, last: { content: 'me to ann' } },
    ]);

    const conv = await app.request.get(`/api/message/conversation?userId=${ann.user.id}&limit=2`).set('x-access-token', me.token);
    expectOk(conv, 'message.success');
    expect(conv.body.data.total).toBe(3);
    expect(conv.body.data.user).toMatchObject({ id: ann.user.id, username: ann.user.username, allowDM: true });
    expect(conv.body.data.messages.map((m: { content: string }) => m.content)).toEqual(['me to ann', 'ann 2']);
    const older = await app.request.get(`/api/message/conversation?userId=${ann.user.id}&before=${conv.body.data.messages[1].id}`).set('x-access-token', me.token);
    expect(older.body.data.messages.map((m: { content: string }) => m.content)).toEqual(['ann 1']);
    expectError(await app.request.get('/api/message/conversation?userId=2000000000').set('x-access-token', me.token), 404, 'message.notFound');
    expectInvalid(await app.request.get('/api/message/conversation').set('x-access-token', me.token), 'message.bad', 'userId');
  });

  it('counts system notices and staff messages apart, and says when the last broadcast came', async () => {
    const bot = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    const me = await app.factories.signedIn();
    expectOk(await report(app, bot.token, me.user.account!), 'report.success');
    const admin = await app.factories.signedIn({ privileges: ['admin'] });
    await send(admin.token, { toUserId: me.user.id, type: 'warn', content: 'w' });
    const root = await app.factories.signedIn({ privileges: ['root'] });
    const pushed = (await send(root.token, { type: 'toNormals', content: 'hello members' })).body.data;
    const res = await unread(me.token);
    expectOk(res, 'message.success');
    expect(res.body.data).toEqual({ unread: 2, fromUsers: 1, system: 1, lastAnnounceTime: pushed.createTime });
    expectTokenExpired(await app.request.get('/api/message/unread'));
  });
});
