import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { messages, players, userAchievements } from '@server/db/schema';
import { createTestApp, type TestApp } from '@server/test/harness';
import { conditionData } from '../../test/achievement-data';
import { grantRankingAchievements } from './jobs';

/** The windowed achievements read the statistics page's rankings: this file owns its database's timeline. */
let app: TestApp;
let data: ReturnType<typeof conditionData>;
beforeAll(async () => {
  app = await createTestApp();
  data = conditionData(app);
});
afterAll(() => app?.close());

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

describe('community contribution and hot cases', () => {
  it('top 10 and top 3 of each window, just outside and just inside; then the nightly job grants and announces them', async () => {
    const stage = await data.player();
    // Eleven users ranked by replies in the last week: user i has 30 - i (all distinct scores).
    const ranked: number[] = [];
    for (let i = 0; i < 11; i++) {
      const id = (await app.factories.createUser()).id;
      ranked.push(id);
      await data.entries(stage, id, 30 - i, 'reply', ago(1));
    }
    const tenth = ranked[9]!;
    const eleventh = ranked[10]!;
    expect(await data.holds(tenth, 'active_community_weekly_l1')).toBe(true);
    expect(await data.holds(eleventh, 'active_community_weekly_l1')).toBe(false);
    expect(await data.holds(ranked[2]!, 'active_community_monthly_l2', { owned: ['active_community_monthly_l1'] })).toBe(true);
    expect(await data.holds(ranked[3]!, 'active_community_monthly_l2', { owned: ['active_community_monthly_l1'] })).toBe(false);
    expect(await data.holds(ranked[0]!, 'active_community_yearly_l2', { ownsNothingElse: true })).toBe(false);
    expect(await data.holds(ranked[0]!, 'active_community_yearly_l2', { owned: ['active_community_yearly_l1'], ownsNothingElse: true })).toBe(true);

    // An old contributor: 40 days ago counts for the year, not the month.
    const veteran = (await app.factories.createUser()).id;
    await data.entries(stage, veteran, 100, 'reply', ago(40));
    expect(await data.holds(veteran, 'active_community_yearly_l1')).toBe(true);
    expect(await data.holds(veteran, 'active_community_monthly_l1')).toBe(false);

    // Muted and blacklisted users drop out of the ranking, so the eleventh moves up.
    const loud = (await app.factories.createUser({ privileges: ['blacklisted'] })).id;
    await data.entries(stage, loud, 500, 'reply', ago(1));
    expect(await data.holds(loud, 'active_community_weekly_l1')).toBe(false);
    expect(await data.holds(eleventh, 'active_community_weekly_l1')).toBe(false);
    await app.services.db.execute(sql`update users set attr = attr || '{"mute":"2099-01-01 00:00:00"}'::jsonb where id = ${ranked[0]!}`);
    expect(await data.holds(eleventh, 'active_community_weekly_l1')).toBe(true);

    // Hot case of the month: the user's own account's case, among the top 10 trending, with its views.
    const owner = await app.factories.createUser();
    const own = await data.player({ originUserId: owner.account!.userId, viewNum: 99 });
    await data.entries(own, ranked[5]!, 2, 'reply', ago(2));
    expect(await data.holds(owner.id, 'trend_monthly_l1')).toBe(false);
    await app.services.db.update(players).set({ viewNum: 100 }).where(eq(players.id, own.id));
    expect(await data.holds(owner.id, 'trend_monthly_l1')).toBe(true);
    await app.services.db.update(players).set({ viewNum: 500 }).where(eq(players.id, own.id));
    expect(await data.holds(owner.id, 'trend_monthly_l2')).toBe(false);
    await data.entries(own, ranked[5]!, 1, 'reply', ago(2));
    expect(await data.holds(owner.id, 'trend_monthly_l2')).toBe(true);
    await app.services.db.update(players).set({ viewNum: 499 }).where(eq(players.id, own.id));
    expect(await data.holds(owner.id, 'trend_monthly_l2')).toBe(false);
    await app.services.db.update(players).set({ viewNum: 500 }).where(eq(players.id, own.id));
    // Ten busier cases push it out of the top 10.
    for (let i = 0; i < 10; i++) await data.entries(await data.player(), ranked[6]!, 5, 'reply', ago(3));
    expect(await data.holds(owner.id, 'trend_monthly_l1')).toBe(false);

    await grantRankingAchievements(app.services);
    const owned = async (id: number) => (await app.services.db.select().from(userAchievements).where(eq(userAchievements.userId, id))).map((r) => r.achievementId).sort();
    expect(await owned(ranked[1]!)).toEqual(['active_community_monthly_l1', 'active_community_monthly_l2', 'active_community_weekly_l1', 'active_community_yearly_l1', 'active_community_yearly_l2']);
    // The veteran's old replies count for the year only: there the eleventh is eleventh again.
    expect(await owned(eleventh)).toEqual(['active_community_monthly_l1', 'active_community_weekly_l1']);
    expect(await owned(loud)).toEqual([]);
    expect(await owned(veteran)).toEqual(['active_community_yearly_l1', 'active_community_yearly_l2']);
    const inbox = await app.services.db.select().from(messages).where(eq(messages.toUserId, veteran));
    expect(inbox.map((m) => m.content).sort()).toEqual([expect.stringContaining('Contributor of the year'), expect.stringContaining('Top 3 of the year')]);
    // A second night grants nothing twice.
    expect(await grantRankingAchievements(app.services)).toBe(0);
  });
});
