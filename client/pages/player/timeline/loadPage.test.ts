import { describe, expect, it } from 'vitest';
import type { TimelineEntry } from '@shared/types/cases';
import type { TimelineQuery } from '@client/api/cases';
import { loadTimelinePage, locateEntry, type PageFetcher } from './loadPage';

/** A case whose entries 1..n alternate report, reply, judgement. */
function fakeCase(n: number) {
  const types = ['report', 'reply', 'judgement'] as const;
  const all = Array.from({ length: n }, (_, i) => ({ id: i + 1, type: types[i % 3] }) as TimelineEntry);
  const calls: TimelineQuery[] = [];
  const fetch: PageFetcher = async (q) => {
    calls.push(q);
    const rows = all.filter((e) => !q.subject || e.type === q.subject).sort((a, b) => (q.order === 'asc' ? a.id - b.id : b.id - a.id));
    return { result: rows.slice(q.skip, q.skip + q.limit), total: rows.length };
  };
  return { fetch, calls };
}

const ids = (entries: TimelineEntry[]) => entries.map((e) => e.id);

describe('loadTimelinePage', () => {
  it('asks the API once for every type or one type', async () => {
    const { fetch, calls } = fakeCase(50);
    const page = await loadTimelinePage(fetch, null, 20, 20, 'asc');
    expect(ids(page.entries)).toEqual(Array.from({ length: 20 }, (_, i) => i + 21));
    expect(page.total).toBe(50);
    await loadTimelinePage(fetch, ['judgement'], 0, 20, 'desc');
    expect(calls).toEqual([
      { skip: 20, limit: 20, order: 'asc', subject: undefined },
      { skip: 0, limit: 20, order: 'desc', subject: 'judgement' },
    ]);
  });

  it('merges several types by id, with the summed total', async () => {
    const { fetch } = fakeCase(30);
    const first = await loadTimelinePage(fetch, ['report', 'reply'], 0, 5, 'asc');
    expect(ids(first.entries)).toEqual([1, 2, 4, 5, 7]);
    expect(first.total).toBe(20);
    const second = await loadTimelinePage(fetch, ['report', 'reply'], 5, 5, 'desc');
    expect(ids(second.entries)).toEqual([22, 20, 19, 17, 16]);
  });

  it('reads long windows in chunks of 100', async () => {
    const { fetch, calls } = fakeCase(400);
    const page = await loadTimelinePage(fetch, ['report', 'reply'], 180, 20, 'asc');
    expect(page.entries).toHaveLength(20);
    expect(calls.every((c) => c.limit <= 100)).toBe(true);
    expect(ids(page.entries)[0]).toBe(271);
  });
});

describe('locateEntry', () => {
  it('finds the row of an entry under a filter', async () => {
    const { fetch } = fakeCase(250);
    expect(await locateEntry(fetch, null, 1, 'asc')).toBe(0);
    expect(await locateEntry(fetch, null, 230, 'asc')).toBe(229);
    expect(await locateEntry(fetch, null, 230, 'desc')).toBe(20);
    expect(await locateEntry(fetch, ['report', 'reply'], 8, 'asc')).toBe(5);
  });

  it('answers null when the filter hides it or it does not exist', async () => {
    const { fetch } = fakeCase(250);
    expect(await locateEntry(fetch, ['judgement'], 4, 'asc')).toBeNull();
    expect(await locateEntry(fetch, null, 999, 'asc')).toBeNull();
  });
});
