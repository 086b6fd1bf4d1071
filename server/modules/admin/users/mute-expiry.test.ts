import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { messages, users } from '@server/db/schema';
import { createServices, type Services } from '@server/services';
import { createTestApp, joinRoom, nextEvent, type TestApp } from '@server/test/harness';
import { expectOk } from '@server/test/expect';
import { inProcessRunner } from '@server/infra/jobs/in-process';
import { registerJobs } from '@server/jobs/register';
import { endMuteIfOver, scheduleMuteEnd, sweepEndedMutes } from './mutes';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

const muteOf = async (id: number) => (await app.factories.userRow(id)).attr.mute;
/** System notices the user got that say the mute ended. */
const endNotices = async (id: number) =>
  (await app.services.db.select().from(messages).where(and(eq(messages.toUserId, id), isNull(messages.byUserId)))).filter((m) => m.content.includes('mute has ended'));
const muteEndingIn = async (ms: number) => {
  const user = await app.factories.createUser();
  await app.services.db.update(users).set({ attr: { ...(await app.factories.userRow(user.id)).attr, mute: new Date(Date.now() + ms).toISOString() } }).where(eq(users.id, user.id));
  return user;
};

describe('mute expiry', () => {
  it('a 10-minute mute queues its end at that minute; the job clears it and tells the user live, once', async () => {
    const { token: admin } = await app.factories.signedIn({ privileges: ['admin'] });
    const { user, token } = await app.factories.signedIn();
    const res = await app.request.post('/api/admin/muteUser').set('x-access-token', admin).send({ data: { id: user.id, type: 'add', value: 0 } });
    expectOk(res, 'admin.muteUser.ok');
    const until = new Date(res.body.data.mutedUntil).getTime();
    expect(Math.abs(until - Date.now() - 10 * 60_000)).toBeLessThan(5_000);
    // Before its end nothing happens, even if a job or sweep runs early.
    expect(await endMuteIfOver(app.services, user.id)).toBe(false);
    expect(await sweepEndedMutes(app.services)).toBe(0);

    const socket = await app.socket(token);
    await joinRoom(socket, `user:${user.id}`);
    const told = nextEvent(socket, (ev) => ev.name === 'user.muted');
    // The end arrives: the queued job (run here at the end's moment) clears it.
    expect(await endMuteIfOver(app.services, user.id, until)).toBe(true);
    expect((await told).payload).toEqual({ userId: user.id, mutedUntil: null });
    socket.disconnect();
    expect(await muteOf(user.id)).toBeUndefined();
    expect(await endMuteIfOver(app.services, user.id, until + 60_000)).toBe(false);
    expect(await endNotices(user.id)).toHaveLength(1);
  });

  it('ends exactly once when jobs and sweeps of two nodes arrive at the same moment', async () => {
    const muted = await Promise.all([1, 2, 3].map(() => muteEndingIn(-1_000)));
    const databaseUrl = app.services.config.databaseUrl;
    const other: Services = databaseUrl ? await createServices({ ...app.services.config, seedDemo: false }) : app.services;
    try {
      await Promise.all([
        sweepEndedMutes(app.services),
        sweepEndedMutes(other),
        ...muted.map((u) => endMuteIfOver(app.services, u.id)),
        ...muted.map((u) => endMuteIfOver(other, u.id)),
      ]);
    } finally {
      if (other !== app.services) await other.close();
    }
    for (const u of muted) {
      expect(await muteOf(u.id)).toBeUndefined();
      expect(await endNotices(u.id)).toHaveLength(1);
    }
  });

  it('a queued end fires by itself; a restart catches mutes that ended while no node ran', async () => {
    const soon = await muteEndingIn(800);
    await scheduleMuteEnd(app.services, soon.id, new Date((await muteOf(soon.id))!).getTime());
    await expect.poll(() => muteOf(soon.id), { timeout: 10_000 }).toBeUndefined();
    expect(await endNotices(soon.id)).toHaveLength(1);

    // A mute whose job was lost with its node: the next node's start-up sweep ends it.
    const lost = await muteEndingIn(-5 * 60_000);
    const restarted = inProcessRunner(app.services.log);
    await registerJobs({ ...app.services, jobs: restarted });
    try {
      await expect.poll(() => muteOf(lost.id), { timeout: 10_000 }).toBeUndefined();
    } finally {
      await restarted.close();
    }
    expect(await endNotices(lost.id)).toHaveLength(1);
  });
});
