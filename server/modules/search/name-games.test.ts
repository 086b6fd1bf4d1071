import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { nameKey } from '@shared/names';
import { GAMES } from '@shared/games';
import { nameHistory, players } from '@server/db/schema';
import { createTestApp, type TestApp } from '@server/test/harness';
import { expectOk } from '@server/test/expect';
import { botToken, insertCase, plainWord, reportName } from '../../test/search-fixtures';

/**
 * A search in one game finds names by the games their case holds on each name row (kept by
 * triggers, migration 0024), so those must follow the case: every game it is reported in, for its
 * first name and the names it takes later, and never a hidden case.
 */
let app: TestApp;
let bot: string;
beforeAll(async () => {
  app = await createTestApp();
  bot = await botToken(app);
});
afterAll(() => app?.close());

const sorts = ['default', 'latest', 'mostViewed', 'mostComments'] as const;

/** The case ids and names a search of `param` in `game` lists, in every sort (each must list the same set). */
async function found(param: string, game: string) {
  const seen = new Set<string>();
  for (const sort of sorts) {
    const res = await app.request.get('/api/search').query({ type: 'player', param, game, sort });
    expectOk(res, 'search.success');
    const hits = (res.body.data as Array<{ dbId: number; historyName: string }>).map((d) => `${d.dbId}:${d.historyName}`).sort();
    expect(res.body.total, `${game} ${sort}`).toBe(hits.length);
    seen.add(hits.join(','));
  }
  expect(seen.size, `${param} in ${game}: the sorts disagree`).toBe(1);
  return [...seen][0]!.split(',').filter(Boolean);
}

const gamesOfNames = async (caseId: number) =>
  (await app.services.db.select({ games: nameHistory.caseGames }).from(nameHistory).where(eq(nameHistory.playerId, caseId))).map((r) => [...r.games].sort());

describe('a name search in one game', () => {
  it('finds a case in every game it is reported in, by its first name and by a later one', async () => {
    const w = plainWord();
    const account = app.directory.freshAccount({ name: `First_${w}` });
    const id = await reportName(app, bot, account.name, { game: 'bf1' });
    expect(await found(w, 'bf1')).toEqual([`${id}:First_${w}`]);
    expect(await found(w, 'bfv')).toEqual([]);

    // Renamed on the platform, then reported again in another game: both names are in both games.
    app.directory.add({ ...account, name: `Second_${w}` });
    expect(await reportName(app, bot, `Second_${w}`, { game: 'bfv' })).toBe(id);
    const both = [`${id}:First_${w}`, `${id}:Second_${w}`];
    expect(await found(w, 'bfv')).toEqual(both);
    expect(await found(w, 'bf1')).toEqual(both);
    for (const other of GAMES.filter((g) => g !== 'bf1' && g !== 'bfv')) expect(await found(w, other)).toEqual([]);
    expect(await gamesOfNames(id)).toEqual([
      ['bf1', 'bfv'],
      ['bf1', 'bfv'],
    ]);
  });

  it("gives a name its case's games, whatever a writer says", async () => {
    const w = plainWord();
    const row = await insertCase(app, { name: `Own_${w}`, games: ['bf4'] });
    await app.services.db.insert(nameHistory).values({ playerId: row.id, originName: `Claimed_${w}`, nameKey: nameKey(`Claimed_${w}`), caseGames: ['bf6'] });
    expect(await gamesOfNames(row.id)).toEqual([['bf4'], ['bf4']]);
    expect(await found(w, 'bf6')).toEqual([]);
    expect((await found(w, 'bf4')).length).toBe(2);

    await app.services.db.update(nameHistory).set({ caseGames: ['bf3'] }).where(eq(nameHistory.playerId, row.id));
    expect(await gamesOfNames(row.id)).toEqual([['bf4'], ['bf4']]);
  });

  it('leaves out a hidden case, and finds it again once it is shown', async () => {
    const w = plainWord();
    const row = await insertCase(app, { name: `Hidden_${w}`, games: ['bf3'], valid: false });
    expect(await found(w, 'bf3')).toEqual([]);
    expect(await found(w, 'all')).toEqual([]);
    await app.services.db.update(players).set({ valid: true }).where(eq(players.id, row.id));
    app.services.readCache.evict(['case:*']);
    expect(await found(w, 'bf3')).toEqual([`${row.id}:Hidden_${w}`]);
  });
});
