import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { dailyStats, messages, subscriptions, timeline, users } from '@server/db/schema';
import { createTestApp, type TestApp } from '@server/test/harness';
import { conditionData } from '../../test/achievement-data';

let app: TestApp;
let data: ReturnType<typeof conditionData>;
beforeAll(async () => {
  app = await createTestApp();
  data = conditionData(app);
});
afterAll(() => app?.close());

const db = () => app.services.db;
const newUser = async (opts: Parameters<TestApp['factories']['createUser']>[0] = {}) => (await app.factories.createUser(opts)).id;

describe('report levels', () => {
  /** A user with `total` reports since 2024, `confirmed` of them on a confirmed case. */
  async function reporter(total: number, confirmed: number, privileges?: string[]) {
    const id = await newUser({ privileges });
    if (confirmed) await data.entries(await data.player({ status: 1 }), id, confirmed);
    if (total > confirmed) await data.entries(await data.player({ status: 0 }), id, total - confirmed);
    return id;
  }

  it('level 1: 9 reports are not enough, 10 are; bots never', async () => {
    expect(await data.holds(await reporter(9, 0), 'report_l1')).toBe(false);
    expect(await data.holds(await reporter(10, 0), 'report_l1')).toBe(true);
    expect(await data.holds(await reporter(10, 10, ['bot']), 'report_l1')).toBe(false);
  });

  it('counts only visible reports written since 1 January 2024', async () => {
    const id = await reporter(9, 0);
    const p = await data.player();
    await data.entries(p, id, 1, 'report', new Date('2023-12-31T23:59:59.999Z'));
    await data.entries(p, id, 1, 'reply');
    expect(await data.holds(id, 'report_l1')).toBe(false);
    await data.entries(p, id, 1, 'report', new Date('2024-01-01T00:00:00.000Z'));
    expect(await data.holds(id, 'report_l1')).toBe(true);
    await db().update(timeline).set({ valid: false }).where(and(eq(timeline.byUserId, id), eq(timeline.createTime, new Date('2024-01-01T00:00:00.000Z'))));
    expect(await data.holds(id, 'report_l1')).toBe(false);
  });

  it.each([
    ['report_l2', 'report_l1', 100, 96],
    ['report_l3', 'report_l2', 300, 288],
    ['report_l4', 'report_l3', 1000, 960],
  ])('%s: needs %s, %i reports, %i of them (96 percent) confirmed; each just below, then at', async (id, prev, count, confirmed) => {
    expect(await data.holds(await reporter(count - 1, confirmed), id, { owned: [prev] })).toBe(false);
    expect(await data.holds(await reporter(count, confirmed - 1), id, { owned: [prev] })).toBe(false);
    const ok = await reporter(count, confirmed);
    expect(await data.holds(ok, id)).toBe(false);
    expect(await data.holds(ok, id, { owned: [prev] })).toBe(true);
  });

  it('report_l5: 5000 reports, 4800 confirmed (4999 are not enough)', async () => {
    const id = await reporter(4999, 4800);
    expect(await data.holds(id, 'report_l5', { owned: ['report_l4'] })).toBe(false);
    await data.entries(await data.player({ status: 1 }), id, 1);
    expect(await data.holds(id, 'report_l5', { owned: ['report_l4'] })).toBe(true);
  });

  it('counts the user’s own confirmed reports, not everyone’s on the same cases (the reference’s join)', async () => {
    const id = await reporter(100, 0);
    const other = await newUser();
    await data.entries(await data.player({ status: 1 }), other, 200);
    expect(await data.holds(id, 'report_l2', { owned: ['report_l1'] })).toBe(false);
  });
});

describe('open chat', () => {
  const dm = (toUserId: number, haveRead: boolean, daysAgo: number) =>
    db().insert(messages).values({ byUserId: null, toUserId, type: 'direct', content: 'hello', haveRead, createTime: new Date(Date.now() - daysAgo * 86_400_000) });

  it('level 1: direct messages on', async () => {
    expect(await data.holds(await newUser({ attr: { allowDM: false } }), 'open_chat_l1')).toBe(false);
    expect(await data.holds(await newUser({ attr: { allowDM: true } }), 'open_chat_l1')).toBe(true);
  });

  it('level 2: still open, level 1 owned, and a direct message received and read within the month', async () => {
    const id = await newUser({ attr: { allowDM: true } });
    await dm(id, true, 31);
    await dm(id, false, 1);
    expect(await data.holds(id, 'open_chat_l2', { owned: ['open_chat_l1'] })).toBe(false);
    await dm(id, true, 29);
    expect(await data.holds(id, 'open_chat_l2')).toBe(false);
    expect(await data.holds(id, 'open_chat_l2', { owned: ['open_chat_l1'] })).toBe(true);
    await db().update(users).set({ attr: { allowDM: false } }).where(eq(users.id, id));
    expect(await data.holds(id, 'open_chat_l2', { owned: ['open_chat_l1'] })).toBe(false);
  });
});

describe('old user', () => {
  it('needs both an id of at most 10000 and sign-up before 2024', async () => {
    const id = await newUser();
    const set = (createTime: string) => db().update(users).set({ createTime: new Date(createTime) }).where(eq(users.id, id));
    await set('2024-01-01T00:00:00.000Z');
    expect(await data.holds(id, 'old_user')).toBe(false);
    await set('2023-12-31T23:59:59.999Z');
    expect(await data.holds(id, 'old_user')).toBe(true);
    const late = await newUser();
    await db().update(users).set({ id: 10_001, createTime: new Date('2020-01-01') }).where(eq(users.id, late));
    expect(await data.holds(10_001, 'old_user')).toBe(false);
    await db().update(users).set({ id: 10_000 }).where(eq(users.id, 10_001));
    expect(await data.holds(10_000, 'old_user')).toBe(true);
  });
});

describe('innocent case', () => {
  it('the user’s own bound account has a case cleared (status 3)', async () => {
    const user = await app.factories.createUser();
    const account = user.account!;
    const c = await data.player({ originUserId: account.userId, status: 1 });
    expect(await data.holds(user.id, 'user_innocent_case')).toBe(false);
    await db().execute(sql`update players set status = 3 where id = ${c.id}`);
    expect(await data.holds(user.id, 'user_innocent_case')).toBe(true);
    const other = await newUser();
    expect(await data.holds(other, 'user_innocent_case')).toBe(false);
    expect(await data.holds(await newUser({ bound: false }), 'user_innocent_case')).toBe(false);
  });
});

describe('collector', () => {
  const ids = (n: number, precious = 0) => {
    const normal = ['one_search_player', 'report_l1', 'report_l2', 'report_l3', 'open_chat_l1', 'open_chat_l2', 'active_community_weekly_l1', 'active_community_monthly_l1', 'user_innocent_case', 'trend_monthly_l1', 'user_subscribes_l1', 'user_subscribes_l2', 'site_20w_report_witnesses', 'app_use_mobile', 'user_achievement_l1', 'user_achievement_l2'];
    const rare = ['old_user', 'report_l4', 'report_l5', 'trend_monthly_l2'];
    return [...rare.slice(0, precious), ...normal.slice(0, n - precious)];
  };

  it.each([
    ['user_achievement_l1', 3, 0, undefined],
    ['user_achievement_l2', 11, 0, undefined],
    ['user_achievement_l3', 11, 1, undefined],
    ['user_achievement_l4', 16, 3, undefined],
  ])('%s: %i owned with %i precious (one fewer of either is not enough)', async (id, count, precious) => {
    const user = await newUser();
    expect(await data.holds(user, id, { owned: ids(count - 1, precious) })).toBe(false);
    if (precious) expect(await data.holds(user, id, { owned: ids(count, precious - 1) })).toBe(false);
    expect(await data.holds(user, id, { owned: ids(count, precious) })).toBe(true);
  });
});

describe('subscribes', () => {
  it('level 1 at 1 followed case, level 2 at 20', async () => {
    const user = await newUser();
    expect(await data.holds(user, 'user_subscribes_l1')).toBe(false);
    const follow = async (n: number) => {
      for (let i = 0; i < n; i++) await db().insert(subscriptions).values({ userId: user, playerId: (await data.player()).id });
    };
    await follow(1);
    expect(await data.holds(user, 'user_subscribes_l1')).toBe(true);
    await follow(18);
    expect(await data.holds(user, 'user_subscribes_l2')).toBe(false);
    await follow(1);
    expect(await data.holds(user, 'user_subscribes_l2')).toBe(true);
  });
});

describe('200k reports witness and the mobile app', () => {
  it('counts the site’s reports as the statistics page does: 199 999 no, 200 000 yes', async () => {
    const user = await newUser();
    const [row] = await db().select({ n: sql<number>`coalesce(sum(${dailyStats.reports}), 0)::int` }).from(dailyStats);
    const have = Number(row!.n);
    await db().insert(dailyStats).values({ day: '2019-01-01', shard: 0, reports: 199_999 - have });
    expect(await data.holds(user, 'site_20w_report_witnesses')).toBe(false);
    await db().update(dailyStats).set({ reports: 200_000 - have }).where(eq(dailyStats.day, '2019-01-01'));
    expect(await data.holds(user, 'site_20w_report_witnesses')).toBe(true);
  });

  it('the mobile app one holds only for a phone-app token, never for a job', async () => {
    const user = await newUser();
    expect(await data.holds(user, 'app_use_mobile', { visitType: 'client-phone' })).toBe(true);
    expect(await data.holds(user, 'app_use_mobile', { visitType: 'websites' })).toBe(false);
    expect(await data.holds(user, 'app_use_mobile')).toBe(false);
  });
});
