import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { users } from '@server/db/schema';
import { GAMES } from '@shared/games';
import { createTestApp, type TestApp } from '@server/test/harness';
import { expectOk } from '@server/test/expect';
import { sweepOverdueSuspects } from '@server/modules/judgement/suspect-deadline';
import { seedDemo } from './demo';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ env: { DEMO_PASSWORD: 'demo-pass-1' } });
});
afterAll(() => app?.close());

describe('demo data', () => {
  it('seeds the demo users once, who can sign in, and a living site of cases', async () => {
    const first = await seedDemo(app.services);
    expect(first).toMatchObject({ password: 'demo-pass-1', passwordFromEnv: true });
    expect(first!.users.map((u) => u.username)).toEqual(expect.arrayContaining(['demo-root', 'demo-super', 'demo-admin', 'demo-admin2', 'demo-volunteer', 'demo-user', 'demo-unbound', 'demo-bot']));
    expect(await seedDemo(app.services)).toBeNull();

    const signin = await app.request.post('/api/user/signin').send({ data: { username: 'demo-bot', password: 'demo-pass-1' }, SKIP_CAPTCHA: true });
    expectOk(signin, 'signin.success');
    expect(signin.body.data.userinfo.privilege).toEqual(['bot']);
    // Demo members show achievements on their cards.
    const [{ id: adminId }] = (await app.services.db.select({ id: users.id }).from(users).where(eq(users.username, 'demo-admin'))) as [{ id: number }];
    const info = await app.request.get(`/api/user/info?id=${adminId}`);
    expect(Object.keys(info.body.data.attr.achievements)).toContain('old_user');
    expect(info.body.data.userAchievementExp).toBeGreaterThanOrEqual(100);

    for (let status = 0; status <= 9; status++) {
      const res = await app.request.get(`/api/players?status=${status}&limit=1`);
      expect(res.body.data.total, `status ${status}`).toBeGreaterThan(0);
    }
    for (const game of GAMES) expect((await app.request.get(`/api/players?game=${game}&limit=1`)).body.data.total, game).toBeGreaterThan(0);
    const one = (await app.request.get('/api/players?status=1&limit=1')).body.data.result[0];
    const tl = await app.request.get(`/api/player/timeline?dbId=${one.id}`);
    expect(tl.body.data.result.map((e: { type: string }) => e.type)).toEqual(expect.arrayContaining(['report', 'reply', 'judgement']));
    // Cases under appeal show the appeal; suspects survive the 7-day sweep that runs at every start.
    const appealed = (await app.request.get('/api/players?status=9&limit=1')).body.data.result[0];
    const appeals = await app.request.get(`/api/player/timeline?dbId=${appealed.id}&subject=banAppeal`);
    expect(appeals.body.data.result).toEqual([expect.objectContaining({ appealStatus: 'unprocessed', content: expect.objectContaining({ appealType: 'farm' }) })]);
    const suspects = (await app.request.get('/api/players?status=2')).body.data.total;
    expect(await sweepOverdueSuspects(app.services)).toBe(0);
    expect((await app.request.get('/api/players?status=2')).body.data.total).toBe(suspects);
  });

  it('dates nothing in the future: every timestamp of every table is at most now', async () => {
    const rows = (r: unknown) => ((r as { rows?: unknown[] }).rows ?? (r as unknown[])) as Array<Record<string, unknown>>;
    const columns = rows(
      await app.services.db.execute(sql`
        select table_name, column_name from information_schema.columns
        where table_schema = current_schema() and data_type in ('timestamp with time zone', 'timestamp without time zone', 'date')`),
    ) as Array<{ table_name: string; column_name: string }>;
    expect(columns.map((c) => `${c.table_name}.${c.column_name}`)).toEqual(expect.arrayContaining(['players.update_time', 'timeline.create_time']));
    const now = Date.now();
    const future: string[] = [];
    let checked = 0;
    for (const { table_name: table, column_name: column } of columns) {
      const [row] = rows(await app.services.db.execute(sql`select max(${sql.identifier(column)}) as latest, count(${sql.identifier(column)})::int as n from ${sql.identifier(table)}`));
      checked += Number(row!.n);
      if (row!.latest !== null && new Date(row!.latest as string).getTime() > now) future.push(`${table}.${column} = ${new Date(row!.latest as string).toISOString()}`);
    }
    expect(checked).toBeGreaterThan(100);
    expect(future).toEqual([]);
  });

  it('keeps the trigger counters equal to the cases themselves', async () => {
    const counted = await app.services.db.execute(sql`
      select g.game, p.status, count(*)::int as n
      from players p cross join lateral (select jsonb_array_elements_text(p.games) as game union all select '*') g
      where p.valid group by g.game, p.status`);
    const kept = await app.services.db.execute(sql`select game, status, sum(count)::int as n from case_counts group by game, status having sum(count) <> 0`);
    const rows = (r: unknown) => ((r as { rows?: unknown[] }).rows ?? (r as unknown[])) as Array<{ game: string; status: number; n: number }>;
    const key = (x: { game: string; status: number; n: number }) => `${x.game}/${x.status}=${Number(x.n)}`;
    expect(rows(kept).map(key).sort()).toEqual(rows(counted).map(key).sort());
  });
});
