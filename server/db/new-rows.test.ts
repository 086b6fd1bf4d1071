import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { createTestApp, unique, type TestApp } from '@server/test/harness';
import { openCase } from '@server/test/cases';
import { adminLog, timeline } from './schema';
import { insertRows, newRow } from './new-rows';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

const textOf = (rows: Parameters<typeof insertRows>[0]) => insertRows(rows).map((s) => new PgDialect().sqlToQuery(s).sql);

describe('new rows inserted as JSON records (one statement per table and shape)', () => {
  it('stores what drizzle stores: dates, jsonb of every kind, nulls, quotes and emoji', async () => {
    const { token } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    const { dbId } = await openCase(app, token);
    const db = app.services.db;
    const row = {
      type: 'reply' as const,
      playerId: dbId,
      toOriginUserId: '1',
      toOriginPersonaId: '2',
      toOriginName: 'name "with" \'quotes\'',
      byUserId: null,
      content: `<p>${unique('text')} 🎯 \\ {"not": "json"} ::jsonb</p>`,
      extra: { nested: { a: [1, 'two', null, true] }, s: 'x"y' },
      cheatMethods: ['aimbot', 'wallhack'],
      viewedAdmins: [3, 4],
      hackerLevel: 2,
      valid: false,
      createTime: new Date('2026-01-02T03:04:05.678Z'),
    };
    const [viaDrizzle] = await db.insert(timeline).values(row).returning();
    await db.execute(insertRows([newRow(timeline, row)])[0]!);
    const stored = await db.select().from(timeline).where(eq(timeline.content, row.content)).orderBy(timeline.id);
    expect(stored).toHaveLength(2);
    expect({ ...stored[1], id: 0 }).toEqual({ ...viaDrizzle, id: 0 });
    expect(stored[1]!.createTime).toBeInstanceOf(Date);
  });

  it('gives columns a row leaves out their defaults, and keeps rows in the order given', async () => {
    const action = unique('defaults');
    const before = Date.now();
    for (const statement of insertRows([1, 2, 3].map((i) => newRow(adminLog, { actorId: i, action })))) await app.services.db.execute(statement);
    const rows = await app.services.db.select().from(adminLog).where(eq(adminLog.action, action)).orderBy(adminLog.id);
    expect(rows.map((r) => [r.actorId, r.detail, r.targetUserId])).toEqual([
      [1, {}, null],
      [2, {}, null],
      [3, {}, null],
    ]);
    expect(rows[0]!.createTime.getTime()).toBeGreaterThanOrEqual(before - 5_000);
  });

  it('groups rows by table and given columns, with a text that does not grow with the rows', async () => {
    const one = textOf([newRow(adminLog, { actorId: 1, action: 'a' })]);
    const many = textOf(Array.from({ length: 40 }, (_, i) => newRow(adminLog, { actorId: i, action: 'a' })));
    expect(many).toEqual(one);
    expect(one).toHaveLength(1);
    const mixed = textOf([
      newRow(adminLog, { actorId: 1, action: 'a' }),
      newRow(adminLog, { actorId: 1, action: 'a', detail: { x: 1 } }),
      newRow(adminLog, { actorId: 2, action: 'b' }),
    ]);
    expect(mixed).toHaveLength(2);
    expect(mixed[0]).toBe(one[0]);
    expect(mixed[1]).toContain('"detail" jsonb');
  });

  it('takes a serial id when one is given, and fails as a whole on a taken one', async () => {
    const action = unique('ids');
    const [{ id }] = (await app.services.db.insert(adminLog).values({ actorId: 1, action }).returning({ id: adminLog.id })) as [{ id: number }];
    const free = id + 1_000_000;
    await app.services.db.execute(insertRows([newRow(adminLog, { id: free, actorId: 1, action })])[0]!);
    await expect(app.services.db.execute(insertRows([newRow(adminLog, { id: free + 1, actorId: 1, action }), newRow(adminLog, { id, actorId: 1, action })])[0]!)).rejects.toThrow();
    const ids = (await app.services.db.select({ id: adminLog.id }).from(adminLog).where(inArray(adminLog.id, [id, free, free + 1]))).map((r) => r.id).sort((a, b) => a - b);
    expect(ids).toEqual([id, free]);
  });
});
