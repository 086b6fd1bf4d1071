import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { nameKey } from '@shared/names';
import { searchQuery } from '@shared/schemas/search';
import { nameHistory, type PlayerRow } from '@server/db/schema';
import { createTestApp, type TestApp } from '@server/test/harness';
import { searchPlayers } from './players';
import { insertCase, plainWord, sharing } from '../../test/search-fixtures';

/**
 * A filter keeps many of a common pattern's names (its pages are read down an order) or few of them
 * (its hits are found and sorted): both must list the same hits in the same order as each other and
 * as the sorts' rules say.
 */
describe('name search of a common pattern with a filter', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app?.close());

  const reaches = { broad: sharing(0.125), some: sharing(0.01) };

  it('lists every kept hit once, in the sort order, whether the filter keeps many or few', async () => {
    const w = plainWord(6);
    const at = (minute: number) => new Date(Date.UTC(2024, 0, 1, 0, minute));
    const cases: PlayerRow[] = [];
    // 150 bf1 cases (more than the filter needs to read the pages in order) and 6 bfv ones; columns often tied.
    for (let i = 0; i < 156; i++) {
      const name = i % 3 === 0 ? `x${plainWord(2)}${w}` : `${w}_${plainWord(1 + (i % 4))}`;
      cases.push(await insertCase(app, { name, games: [i < 150 ? 'bf1' : 'bfv'], createTime: at(i % 7), viewNum: i % 5, commentsNum: i % 3 }));
    }
    const names = await app.services.db.select().from(nameHistory).where(inArray(nameHistory.playerId, cases.map((c) => c.id)));
    const hits = names.map((n) => ({ name: n, player: cases.find((c) => c.id === n.playerId)! }));
    type Hit = (typeof hits)[number];
    const newest = (a: number, b: number) => b - a;
    const byCase = (column: (p: PlayerRow) => number) => (a: Hit, b: Hit) =>
      newest(column(a.player), column(b.player)) || newest(a.player.id, b.player.id) || newest(a.name.id, b.name.id);
    const key = nameKey(w);
    const starts = (h: Hit) => h.name.nameKey.startsWith(key);
    const orders: Record<string, (a: Hit, b: Hit) => number> = {
      default: (a, b) =>
        Number(starts(b)) - Number(starts(a)) || (starts(a) && a.name.nameKey !== b.name.nameKey ? (a.name.nameKey < b.name.nameKey ? -1 : 1) : 0) || newest(a.name.id, b.name.id),
      latest: byCase((p) => p.createTime.getTime()),
      mostViewed: byCase((p) => p.viewNum),
      mostComments: byCase((p) => p.commentsNum),
    };
    const filters = {
      'bf1 (keeps many)': { game: 'bf1', keep: (h: Hit) => h.player.games.includes('bf1') },
      'bfv (keeps few)': { game: 'bfv', keep: (h: Hit) => h.player.games.includes('bfv') },
      'reported from minute 6 (keeps few)': { createTimeFrom: at(6).getTime(), keep: (h: Hit) => h.player.createTime >= at(6) },
    };
    for (const [sort, order] of Object.entries(orders)) {
      for (const [filterName, { keep, ...filter }] of Object.entries(filters)) {
        const expected = hits.filter(keep).sort(order).map((h) => h.name.originName);
        for (const [reach, shares] of Object.entries(reaches)) {
          const label = `${sort}, ${filterName}, ${reach}`;
          const listed: string[] = [];
          for (let skip = 0; skip < expected.length + 16; skip += 16) {
            const found = await searchPlayers(app.services.db, searchQuery.parse({ type: 'player', param: w, sort, skip, limit: 16, ...filter }), shares(w));
            expect(found.total, label).toBe(expected.length);
            listed.push(...found.rows.map((r) => r.name.originName));
          }
          expect(listed, label).toEqual(expected);
        }
      }
    }
  });
});
