import { describe, expect, it } from 'vitest';
import type { TimelineEntry } from '@shared/types/cases';
import type { TimelinePositionQuery, TimelineQuery } from '@client/api/cases';
import { ApiError } from '@client/api/ApiError';
import { loadTimelinePage, locateEntry, type PageFetcher, type PositionFetcher } from './loadPage';

/** A case whose entries 1..n alternate report, reply, judgement, served as the API would. */
function fakeCase(n: number) {
  const types = ['report', 'reply', 'judgement'] as const;
  const all = Array.from({ length: n }, (_, i) => ({ id: i + 1, type: types[i % 3] }) as TimelineEntry);
  const listed = (q: { order: 'asc' | 'desc'; subject?: readonly string[] }) =>
    all.filter((e) => !q.subject || q.subject.includes(e.type)).sort((a, b) => (q.order === 'asc' ? a.id - b.id : b.id - a.id));
  const calls: Array<TimelineQuery | TimelinePositionQuery> = [];
  const fetch: PageFetcher = async (q) => {
    calls.push(q);
    const rows = listed(q);
    return { result: rows.slice(q.skip, q.skip + q.limit), total: rows.length };
  };
  const position: PositionFetcher = async (q) => {
    calls.push(q);
    const rows = listed(q);
    const index = rows.findIndex((e) => e.id === q.id);
    if (index < 0) throw new ApiError('timeline.notFound', undefined, 404);
    return { page: Math.floor(index / q.limit) + 1, index, total: rows.length };
  };
  return { fetch, position, calls };
}

const ids = (entries: TimelineEntry[]) => entries.map((e) => e.id);

describe('loadTimelinePage', () => {
  it('asks the API once, for every type, one type or several', async () => {
    const { fetch, calls } = fakeCase(50);
    const page = await loadTimelinePage(fetch, null, 20, 20, 'asc');
    expect(ids(page.entries)).toEqual(Array.from({ length: 20 }, (_, i) => i + 21));
    expect(page.total).toBe(50);
    await loadTimelinePage(fetch, ['judgement'], 0, 20, 'desc');
    const several = await loadTimelinePage(fetch, ['report', 'reply'], 5, 5, 'desc');
    expect(ids(several.entries)).toEqual([43, 41, 40, 38, 37]);
    expect(several.total).toBe(34);
    expect(calls).toEqual([
      { skip: 20, limit: 20, order: 'asc', subject: undefined },
      { skip: 0, limit: 20, order: 'desc', subject: ['judgement'] },
      { skip: 5, limit: 5, order: 'desc', subject: ['report', 'reply'] },
    ]);
  });
});

describe('locateEntry', () => {
  it('answers the page the server says the entry is on, in one request', async () => {
    const { position, calls } = fakeCase(250);
    expect(await locateEntry(position, null, 1, 'asc', 20)).toBe(1);
    expect(await locateEntry(position, null, 230, 'asc', 20)).toBe(12);
    expect(await locateEntry(position, null, 230, 'desc', 20)).toBe(2);
    expect(await locateEntry(position, ['report', 'reply'], 8, 'asc', 5)).toBe(2);
    expect(calls[3]).toEqual({ id: 8, limit: 5, order: 'asc', subject: ['report', 'reply'] });
  });

  it('answers null when the filter hides it or it does not exist, and passes other failures on', async () => {
    const { position } = fakeCase(250);
    expect(await locateEntry(position, ['judgement'], 4, 'asc', 20)).toBeNull();
    expect(await locateEntry(position, null, 999, 'asc', 20)).toBeNull();
    const down: PositionFetcher = async () => {
      throw new ApiError('network.error', 'offline', 0);
    };
    await expect(locateEntry(down, null, 1, 'asc', 20)).rejects.toMatchObject({ code: 'network.error' });
  });
});
