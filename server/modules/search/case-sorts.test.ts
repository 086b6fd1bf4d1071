import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nameKey } from '@shared/names';
import { searchQuery } from '@shared/schemas/search';
import { nameHistory } from '@server/db/schema';
import { createTestApp, type TestApp } from '@server/test/harness';
import { searchPlayers } from './players';
import { insertCase, plainWord, sharing } from '../../test/search-fixtures';

describe('name search sorted by a case column', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app?.close());

  const reaches = { broad: sharing(0.125), some: sharing(0.01), few: () => new Map<string, number>() };

  it('breaks ties by the newest case, then its newest name, alike on every page and whatever the reach', async () => {
    const w = plainWord(6);
    const at = (minute: number) => new Date(Date.UTC(2024, 0, 1, 0, minute));
    // Columns mostly tied, as on a real site (most cases have the same few comments and views);
    // one case holds two matching names.
    const cases = [
      await insertCase(app, { name: `${w}_a`, viewNum: 3, commentsNum: 1, createTime: at(1) }),
      await insertCase(app, { name: `${w}_b`, history: [`old${w}_b`], viewNum: 3, commentsNum: 1, createTime: at(2) }),
      await insertCase(app, { name: `x${w}`, viewNum: 9, commentsNum: 1, createTime: at(1) }),
      await insertCase(app, { name: `${w}_c`, viewNum: 3, commentsNum: 4, createTime: at(2) }),
      await insertCase(app, { name: `y${w}_d`, viewNum: 0, commentsNum: 1, createTime: at(1) }),
    ];
    const [a, b, x, c, y] = cases.map((r) => r.id) as [number, number, number, number, number];
    // The oldest case seen under a new name since: its name is the newest of all.
    await app.services.db.insert(nameHistory).values({ playerId: a, originName: `${w}_renamed`, nameKey: nameKey(`${w}_renamed`), fromTime: at(3), toTime: at(3) });
    const expected = {
      latest: [c, b, b, y, x, a, a],
      mostViewed: [x, c, b, b, a, a, y],
      mostComments: [c, y, x, b, b, a, a],
    };
    for (const [sort, order] of Object.entries(expected)) {
      for (const [reach, shares] of Object.entries(reaches)) {
        const names: string[] = [];
        const ids: number[] = [];
        for (let skip = 0; skip < 8; skip += 2) {
          const found = await searchPlayers(app.services.db, searchQuery.parse({ type: 'player', param: w, sort, skip, limit: 2 }), shares(w));
          expect(found.total, `${sort} ${reach}`).toBe(7);
          ids.push(...found.rows.map((r) => r.player.id));
          names.push(...found.rows.map((r) => r.name.originName));
        }
        expect(ids, `${sort} ${reach}`).toEqual(order);
        // A case with two names: its newer name first.
        expect(names.indexOf(`${w}_b`), `${sort} ${reach}`).toBe(names.indexOf(`old${w}_b`) - 1);
        expect(names.indexOf(`${w}_renamed`), `${sort} ${reach}`).toBe(names.indexOf(`${w}_a`) - 1);
      }
    }
  });
});
