import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LIMITS } from '@shared/limits';
import { users } from '@server/db/schema';
import { collectEvents, createTestApp, joinRoom, TEST_PASSWORD, type TestApp } from '@server/test/harness';
import { expectOk } from '@server/test/expect';
import { inTransaction } from '../db/outbox';

/** What happens to open sockets when their user's session or rights change (on this node or, with Redis, through the control channel). */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('sessions', () => {
  it('a password change disconnects every socket of the user, and the old token no longer connects', async () => {
    const { user, token } = await app.factories.signedIn();
    const tabs = [await app.socket(token), await app.socket(token)];
    const ended = tabs.map((tab) => new Promise<string>((resolve) => tab.once('disconnect', resolve)));
    const bystander = await app.socket((await app.factories.signedIn()).token);

    const res = await app.request.post('/api/user/changePassword').set('x-access-token', token).send({ data: { oldpassword: TEST_PASSWORD, newpassword: 'another-horse-9' } });
    expectOk(res, 'changePassword.success');
    expect(await Promise.all(ended)).toEqual(['io server disconnect', 'io server disconnect']);
    await expect(app.socket(token)).rejects.toThrow('user.tokenExpired');
    await sleep(100);
    expect(bystander.connected).toBe(true);
    expect((await app.factories.userRow(user.id)).signoutTime).not.toBeNull();
  });

  it('a demotion drops the socket from the staff rooms at once and keeps it in the rooms it may still hear', async () => {
    const { user, token } = await app.factories.signedIn({ privileges: ['admin'] });
    const socket = await app.socket(token);
    expect(await joinRoom(socket, 'staff')).toMatchObject({ ok: true });
    expect(await joinRoom(socket, `user:${user.id}`)).toMatchObject({ ok: true });
    expect(await joinRoom(socket, 'all')).toMatchObject({ ok: true });
    const heard = collectEvents(socket);
    const shout = () =>
      inTransaction(app.services, async ({ emit }) => {
        await emit('staff', 'user.updated', { userId: 1 });
        await emit(`user:${user.id}`, 'user.updated', { userId: user.id });
        await emit('all', 'user.updated', { userId: 2 });
      });

    await app.services.db.update(users).set({ privileges: ['normal'] }).where(eq(users.id, user.id));
    await app.services.sessions.recheck(user.id);
    await sleep(200);
    await shout();
    await expect.poll(() => heard.map((e) => e.room).sort()).toEqual(['all', `user:${user.id}`]);
    expect(socket.connected).toBe(true);
    expect(await joinRoom(socket, 'staff')).toMatchObject({ ok: false, code: 'room.forbidden' });
  });

  it('a user whose account was deleted is disconnected by a re-check', async () => {
    const { user, token } = await app.factories.signedIn();
    const socket = await app.socket(token);
    const ended = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await app.services.db.update(users).set({ valid: false }).where(eq(users.id, user.id));
    await app.services.sessions.recheck(user.id);
    expect(await ended).toBe('io server disconnect');
  });
});

describe('room joins', () => {
  it(`are limited to ${LIMITS.roomJoinsPerWindow} per ${LIMITS.roomJoinWindowS} s per socket`, async () => {
    const socket = await app.socket();
    const answers = [];
    for (let i = 0; i < LIMITS.roomJoinsPerWindow; i++) answers.push(await joinRoom(socket, `case:${i + 1}`));
    expect(answers.every((a) => a.ok)).toBe(true);
    expect(await joinRoom(socket, 'all')).toMatchObject({ ok: false, code: 'room.rateLimited' });
    // Another socket has its own allowance.
    expect(await joinRoom(await app.socket(), 'all')).toMatchObject({ ok: true });
  });
});

describe('after-commit work', () => {
  it('a failure is logged, the transaction stays committed and the rest still runs', async () => {
    const logged: Array<{ obj: object; msg: string }> = [];
    const ran: string[] = [];
    const result = await inTransaction({ ...app.services, log: { error: (obj, msg) => void logged.push({ obj, msg }) } }, async ({ afterCommit }) => {
      afterCommit(() => {
        throw new Error('queue down');
      });
      afterCommit(() => void ran.push('second'));
      return 'committed';
    });
    expect(result).toBe('committed');
    expect(ran).toEqual(['second']);
    expect(logged).toHaveLength(1);
    expect(logged[0]!.msg).toMatch(/after-commit/);
    expect((logged[0]!.obj as { err: Error }).err.message).toBe('queue down');
  });
});
