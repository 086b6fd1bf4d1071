import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { players, timeline } from '@server/db/schema';
import { createServices, type Services } from '@server/services';
import { createTestApp, type TestApp } from '@server/test/harness';
import { expectOk } from '@server/test/expect';
import { openCase } from '@server/test/cases';
import { inProcessRunner } from '@server/infra/jobs/in-process';
import { registerJobs } from '@server/jobs/register';
import { confirmOverdueSuspect, sweepOverdueSuspects } from './suspect-deadline';

let app: TestApp;
let bot: string;
beforeAll(async () => {
  app = await createTestApp();
  ({ token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true }));
});
afterAll(() => app?.close());

const DAY = 24 * 60 * 60 * 1000;
const caseRow = async (id: number) => (await app.services.db.select().from(players).where(eq(players.id, id)))[0]!;
const autoEntries = (id: number) =>
  app.services.db.select().from(timeline).where(and(eq(timeline.playerId, id), eq(timeline.type, 'judgement'), isNull(timeline.byUserId)));

/** A case in status 2 whose status began `daysAgo` days ago. */
async function suspectSince(daysAgo: number) {
  const { dbId } = await openCase(app, bot);
  await app.services.db.update(players).set({ status: 2, statusTime: new Date(Date.now() - daysAgo * DAY) }).where(eq(players.id, dbId));
  return dbId;
}

describe('the 7-day suspect rule', () => {
  it('a case 8 days into status 2 is confirmed once, with an automatic entry saying why', async () => {
    const id = await suspectSince(8);
    expect(await sweepOverdueSuspects(app.services)).toBeGreaterThanOrEqual(1);
    expect(await caseRow(id)).toMatchObject({ status: 1 });
    const entries = await autoEntries(id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ judgeAction: 'kill', extra: { auto: 'suspectDeadline' } });
    const tl = await app.request.get(`/api/player/timeline?dbId=${id}&subject=judgement`);
    expect(tl.body.data.result.at(-1)).toMatchObject({ byUserId: null, auto: 'suspectDeadline', content: { text: expect.stringContaining('7 days') } });
    expect(await sweepOverdueSuspects(app.services)).toBe(0);
    expect(await autoEntries(id)).toHaveLength(1);
  });

  it('the confirmation carries the methods of the guilt votes that made it a suspect, else the reported ones', async () => {
    const { token: admin } = await app.factories.signedIn({ privileges: ['admin'] });
    const { token: superToken } = await app.factories.signedIn({ privileges: ['super'] });
    const judge = (token: string, toPlayerId: number, action: string, cheatMethods?: string[]) =>
      app.request.post('/api/player/judgement').set('x-access-token', token).send({ data: { toPlayerId, action, cheatMethods, content: `<p>Reviewed the evidence: ${action}.</p>` } });
    const voted = (await openCase(app, bot)).dbId;
    expectOk(await judge(admin, voted, 'guilt', ['aimbot', 'magicBullet']), 'judgement.success');
    expectOk(await judge(superToken, voted, 'suspect'), 'judgement.success');
    // Suspected with no vote of guilt: the report named wallhack (server/test/cases.ts).
    const direct = (await openCase(app, bot)).dbId;
    expectOk(await judge(superToken, direct, 'suspect'), 'judgement.success');
    for (const [id, methods] of [[voted, ['aimbot', 'magicBullet']], [direct, ['wallhack']]] as const) {
      expect(await caseRow(id)).toMatchObject({ status: 2, cheatMethods: [] });
      expect(await confirmOverdueSuspect(app.services, id, new Date(Date.now() + 8 * DAY))).toBe(true);
      const row = await caseRow(id);
      expect({ id, status: row.status, methods: [...row.cheatMethods].sort() }).toEqual({ id, status: 1, methods });
      expect([...((await autoEntries(id))[0]!.cheatMethods ?? [])].sort()).toEqual(methods);
    }
  });

  it('leaves cases before their deadline, and cases that left status 2', async () => {
    const early = await suspectSince(6);
    const cleared = await suspectSince(9);
    await app.services.db.update(players).set({ status: 3 }).where(eq(players.id, cleared));
    await sweepOverdueSuspects(app.services);
    expect((await caseRow(early)).status).toBe(2);
    expect((await caseRow(cleared)).status).toBe(3);
    expect(await confirmOverdueSuspect(app.services, early)).toBe(false);
    // ... and confirms the early one once its deadline has passed.
    expect(await confirmOverdueSuspect(app.services, early, new Date(Date.now() + 2 * DAY))).toBe(true);
  });

  it('fires exactly once when jobs and sweeps of two nodes arrive at the same moment', async () => {
    const ids = await Promise.all([8, 9, 10].map(suspectSince));
    // A second node: its own services (pool, runner) on the same database when there is a server to share.
    const databaseUrl = app.services.config.databaseUrl;
    const other: Services = databaseUrl ? await createServices({ ...app.services.config, seedDemo: false }) : app.services;
    try {
      await Promise.all([
        sweepOverdueSuspects(app.services),
        sweepOverdueSuspects(other),
        ...ids.map((id) => confirmOverdueSuspect(app.services, id)),
        ...ids.map((id) => confirmOverdueSuspect(other, id)),
      ]);
    } finally {
      if (other !== app.services) await other.close();
    }
    for (const id of ids) {
      expect((await caseRow(id)).status).toBe(1);
      expect(await autoEntries(id)).toHaveLength(1);
    }
  });

  it('a suspect verdict queues its deadline; a restart catches deadlines that passed while down', async () => {
    const { token: superToken } = await app.factories.signedIn({ privileges: ['super'] });
    const { dbId } = await openCase(app, bot);
    expectOk(
      await app.request.post('/api/player/judgement').set('x-access-token', superToken).send({ data: { toPlayerId: dbId, action: 'suspect', content: '<p>Please send your MOSS files.</p>' } }),
      'judgement.success',
    );
    expect((await caseRow(dbId)).status).toBe(2);
    // The node goes down before the job fires; 8 days later another one starts.
    await app.services.db.update(players).set({ statusTime: new Date(Date.now() - 8 * DAY) }).where(eq(players.id, dbId));
    const restarted = inProcessRunner(app.services.log);
    const fresh: Services = { ...app.services, jobs: restarted };
    await registerJobs(fresh);
    try {
      await expect.poll(async () => (await caseRow(dbId)).status, { timeout: 10_000 }).toBe(1);
    } finally {
      await restarted.close();
    }
    expect(await autoEntries(dbId)).toHaveLength(1);
  });
});
