import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayerRow, TimelineRow, UserRow } from '@server/db/schema';
import { createTestApp, type TestApp } from '@server/test/harness';
import { expectInvalid, expectOk, ISO_DATE } from '@server/test/expect';
import { insertCase, insertEntry, insertUser } from '@server/test/search-fixtures';

let app: TestApp;
let bf1Case: PlayerRow;
let bfvCase: PlayerRow;
let appellant: UserRow;
/** The visible appeals, oldest first: bf1 waiting, bf1 refused, bf1 locked, bfv waiting, bf1 waiting (+ one accepted, kept apart). */
const appeals: TimelineRow[] = [];

const T = Date.parse('2024-06-01T00:00:00.000Z');
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  app = await createTestApp();
  appellant = await insertUser(app);
  bf1Case = await insertCase(app, { games: ['bf1'], status: 9, createTime: new Date(T - 100 * HOUR) });
  bfvCase = await insertCase(app, { games: ['bfv'], status: 9, createTime: new Date(T - 100 * HOUR) });
  const hiddenCase = await insertCase(app, { games: ['bf1'], valid: false });
  const appeal = (c: PlayerRow, appealStatus: string, hours: number, valid = true) =>
    insertEntry(app, c, { type: 'banAppeal', byUserId: appellant.id, appealStatus, valid, createTime: new Date(T + hours * HOUR), extra: { appealType: 'farm', extendedLinks: {}, statusBefore: 1 }, viewedAdmins: [] });
  appeals.push(await appeal(bf1Case, 'unprocessed', 1));
  appeals.push(await appeal(bf1Case, 'fail', 2));
  appeals.push(await appeal(bf1Case, 'lock', 3));
  appeals.push(await appeal(bfvCase, 'unprocessed', 4));
  appeals.push(await appeal(bf1Case, 'unprocessed', 5));
  await appeal(bf1Case, 'unprocessed', 6, false);
  await appeal(hiddenCase, 'unprocessed', 7);
  // Not an appeal, even with an appeal status.
  await insertEntry(app, bf1Case, { type: 'reply', appealStatus: 'unprocessed', createTime: new Date(T + 8 * HOUR) });
});
afterAll(() => app?.close());

const list = (query: Record<string, string | number> = {}) => app.request.get('/api/banAppeals').query(query);
const page = async (query: Record<string, string | number> = {}) => {
  const res = await list(query);
  expectOk(res, 'banAppeals.ok');
  return res.body.data as { result: Array<Record<string, unknown>>; total: number };
};
/** Appeals are told apart by their time (one row per appeal). */
const times = (d: { result: Array<Record<string, unknown>> }) => d.result.map((r) => r.appealTime);
const timesOf = (...indexes: number[]) => indexes.map((i) => appeals[i]!.createTime.toISOString());

describe('GET /api/banAppeals', () => {
  it('lists the appeals waiting for review by default, newest first, each with its case and appellant', async () => {
    const data = await page();
    expect(data.total).toBe(3);
    expect(times(data)).toEqual(timesOf(4, 3, 0));
    expect(data.result[1]).toMatchObject({
      id: bfvCase.id,
      originName: bfvCase.originName,
      originUserId: bfvCase.originUserId,
      originPersonaId: bfvCase.originPersonaId,
      games: ['bfv'],
      status: 9,
      appealId: appeals[3]!.id,
      appealType: 'farm',
      appealStatus: 'unprocessed',
      appealTime: appeals[3]!.createTime.toISOString(),
      byUserId: appellant.id,
      byUserName: appellant.username,
      viewedAdmins: [],
    });
    expect(data.result[1]!.createTime).toMatch(ISO_DATE);
    expect(data.result[1]!.updateTime).toMatch(ISO_DATE);
  });

  it('filters by appeal status, by the stored names or the original’s (open = waiting, close = decided)', async () => {
    expect(times(await page({ status: 'close' }))).toEqual(timesOf(1));
    expect(times(await page({ status: 'fail' }))).toEqual(timesOf(1));
    expect(times(await page({ status: 'unprocessed' }))).toEqual(timesOf(4, 3, 0));
    expect(await page({ status: 'accept' })).toMatchObject({ total: 0 });
    const locked = await page({ status: 'lock' });
    expect(locked.result).toHaveLength(1);
    expect(locked.result[0]).toMatchObject({ id: bf1Case.id, appealStatus: 'lock' });
    const all = await page({ status: 'all' });
    expect(all.total).toBe(5);
    expect(times(all)).toEqual(timesOf(4, 3, 2, 1, 0));
  });

  it('filters by game and by appeal time, and orders either way', async () => {
    expect(times(await page({ status: 'all', game: 'bfv' }))).toEqual(timesOf(3));
    expect((await page({ status: 'all', game: 'bf1' })).total).toBe(4);
    expect((await page({ status: 'all', game: 'bf4' })).total).toBe(0);
    const window = await page({ status: 'all', createTimeFrom: T + 2 * HOUR, createTimeTo: T + 4 * HOUR, order: 'asc' });
    expect(times(window)).toEqual(timesOf(1, 2, 3));
  });

  it('pages with skip and limit, with the exact total', async () => {
    const first = await page({ status: 'all', limit: 2, order: 'asc' });
    const second = await page({ status: 'all', limit: 2, skip: 2, order: 'asc' });
    const third = await page({ status: 'all', limit: 2, skip: 4, order: 'asc' });
    expect([first.total, second.total, third.total]).toEqual([5, 5, 5]);
    expect([...times(first), ...times(second), ...times(third)]).toEqual(timesOf(0, 1, 2, 3, 4));
  });

  it('sends Cache-Control: public, max-age=30', async () => {
    expect((await list()).headers['cache-control']).toBe('public, max-age=30');
  });

  it.each([
    [{ status: 'pending' }, 'status'],
    [{ game: 'bf2042' }, 'game'],
    [{ limit: 101 }, 'limit'],
    [{ skip: -3 }, 'skip'],
    [{ order: 'newest' }, 'order'],
    [{ createTimeFrom: 'last week' }, 'createTimeFrom'],
    [{ createTimeTo: -1 }, 'createTimeTo'],
  ])('400 banAppeals.bad for %j', async (query, param) => {
    expectInvalid(await list(query), 'banAppeals.bad', param);
  });
});
