import { describe, expect, it } from 'vitest';
import type { TimelineEntry } from '@shared/types/cases';
import type { BanAppealRow, BanAppealsQuery } from '@client/api/admin';
import {
  allAppealsQuery,
  appealsQueryString,
  DEFAULT_APPEALS,
  findAppealEntry,
  pageCountOf,
  pageOf,
  parseAppealsQuery,
  scanAppeals,
} from './appealsQuery';

const parse = (query: string) => parseAppealsQuery(new URLSearchParams(query));

const row = (id: number, minutes: number, appealStatus: string, byUserId = 100 + id): BanAppealRow => ({
  id,
  originName: `player${id}`,
  originUserId: `${id}`,
  originPersonaId: `${1000 + id}`,
  avatarLink: null,
  games: ['bf1'],
  cheatMethods: [],
  status: appealStatus === 'unprocessed' ? 9 : 2,
  hackerLevel: null,
  appealStatus,
  viewNum: 0,
  commentsNum: 0,
  createTime: '2026-01-01T00:00:00.000Z',
  updateTime: '2026-01-01T00:00:00.000Z',
  appealTime: new Date(Date.UTC(2026, 0, 2, 0, minutes)).toISOString(),
  byUserId,
});

/** A fake `GET /banAppeals?status=all&order=desc` over `rows` (already newest first), recording its queries. */
function fakeServer(rows: BanAppealRow[]) {
  const calls: BanAppealsQuery[] = [];
  const load = async (q: BanAppealsQuery) => {
    calls.push(q);
    return { result: rows.slice(q.skip, q.skip + q.limit), total: rows.length };
  };
  return { calls, load };
}

describe('appeals queue URL', () => {
  it('shows the waiting appeals by default, page 1', () => {
    expect(parse('')).toEqual(DEFAULT_APPEALS);
    expect(appealsQueryString(DEFAULT_APPEALS)).toBe('');
  });

  it('keeps the view and page, ignoring what it does not know', () => {
    expect(parse('show=all&page=3')).toEqual({ view: 'all', page: 3 });
    expect(appealsQueryString({ view: 'all', page: 3 })).toBe('show=all&page=3');
    expect(appealsQueryString({ view: 'waiting', page: 2 })).toBe('page=2');
    expect(parse('show=open&page=0')).toEqual(DEFAULT_APPEALS);
    expect(parse('page=2.5').page).toBe(1);
  });

  it('asks the server for a page of every appeal, newest first', () => {
    expect(allAppealsQuery(1)).toEqual({ status: 'all', order: 'desc', skip: 0, limit: 20 });
    expect(allAppealsQuery(3)).toMatchObject({ skip: 40, limit: 20 });
  });
});

describe('scanAppeals', () => {
  const rows = Array.from({ length: 25 }, (_, i) => row(i + 1, 100 - i, i % 3 === 0 ? 'unprocessed' : i % 3 === 1 ? 'fail' : 'lock'));

  it('reads every appeal in chunks and keeps the waiting ones, newest first', async () => {
    const server = fakeServer(rows);
    const scan = await scanAppeals(server.load, 'unprocessed', { chunk: 10 });
    expect(server.calls.map((c) => c.skip)).toEqual([0, 10, 20]);
    expect(server.calls.every((c) => c.status === 'all' && c.order === 'desc' && c.limit === 10)).toBe(true);
    expect(scan.items.map((r) => r.id)).toEqual([1, 4, 7, 10, 13, 16, 19, 22, 25]);
    expect(scan).toMatchObject({ scanned: 25, total: 25 });
  });

  it('stops at the limit and says how far it looked', async () => {
    const server = fakeServer(rows);
    const scan = await scanAppeals(server.load, 'lock', { chunk: 10, max: 20 });
    expect(server.calls).toHaveLength(2);
    expect(scan).toMatchObject({ scanned: 20, total: 25 });
    expect(scan.items.every((r) => r.appealStatus === 'lock')).toBe(true);
  });

  it('counts a row shifted onto two pages once', async () => {
    const shifted = [...rows.slice(0, 10), rows[9]!, ...rows.slice(10, 14)];
    const load = async (q: BanAppealsQuery) => ({ result: shifted.slice(q.skip, q.skip + q.limit), total: 14 });
    const scan = await scanAppeals(load, 'unprocessed', { chunk: 10 });
    expect(scan.scanned).toBe(14);
    expect(scan.items.map((r) => r.id)).toEqual([1, 4, 7, 10, 13]);
  });

  it('makes one request when there are no appeals', async () => {
    const server = fakeServer([]);
    expect(await scanAppeals(server.load, 'unprocessed')).toEqual({ items: [], scanned: 0, total: 0 });
    expect(server.calls).toHaveLength(1);
  });
});

describe('paging a list held whole', () => {
  it('cuts pages of 20 and counts at least one page', () => {
    const list = Array.from({ length: 45 }, (_, i) => i);
    expect(pageOf(list, 1)).toHaveLength(20);
    expect(pageOf(list, 3)).toEqual([40, 41, 42, 43, 44]);
    expect(pageCountOf(45)).toBe(3);
    expect(pageCountOf(0)).toBe(1);
  });
});

describe('findAppealEntry', () => {
  const entry = (id: number, createTime: string, byUserId: number, type: TimelineEntry['type'] = 'banAppeal') => ({ id, createTime, byUserId, type }) as TimelineEntry;

  it('tells a listed appeal by its time and author', () => {
    const listed = row(3, 10, 'unprocessed', 55);
    const entries = [entry(1, listed.appealTime, 56), entry(2, listed.appealTime, 55, 'reply'), entry(3, '2026-01-02T00:10:00Z', 55), entry(4, '2026-01-01T00:00:00Z', 55)];
    expect(findAppealEntry(entries, listed)?.id).toBe(3);
    expect(findAppealEntry(entries.slice(3), listed)).toBeUndefined();
  });
});
