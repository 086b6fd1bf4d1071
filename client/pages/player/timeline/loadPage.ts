import type { TimelineSubject } from '@shared/timeline';
import type { TimelineEntry } from '@shared/types/cases';
import type { TimelineQuery } from '@client/api/cases';
import type { Order } from './pageQuery';

export type PageFetcher = (query: TimelineQuery) => Promise<{ result: TimelineEntry[]; total: number }>;

export interface LoadedPage {
  entries: TimelineEntry[];
  total: number;
}

/** The API's largest page. */
const CHUNK = 100;

const byId = (order: Order) => (a: TimelineEntry, b: TimelineEntry) => (order === 'asc' ? a.id - b.id : b.id - a.id);

/** The first `count` rows of one subject (or of all), in chunks the API allows. */
async function firstRows(fetch: PageFetcher, subject: TimelineSubject | undefined, count: number, order: Order): Promise<LoadedPage> {
  const entries: TimelineEntry[] = [];
  let total = Infinity;
  while (entries.length < Math.min(count, total)) {
    const page = await fetch({ skip: entries.length, limit: Math.min(CHUNK, count - entries.length), order, subject });
    total = page.total;
    entries.push(...page.result);
    if (!page.result.length) break;
  }
  return { entries, total: Number.isFinite(total) ? total : 0 };
}

/**
 * A page of the timeline under a filter. One subject (or none) is one request; the API takes a
 * single `subject`, so a filter of several reads each subject's first rows up to the page's end
 * and merges them by id — entries are numbered in the order they were written.
 */
export async function loadTimelinePage(
  fetch: PageFetcher,
  subjects: readonly TimelineSubject[] | null,
  skip: number,
  limit: number,
  order: Order,
): Promise<LoadedPage> {
  if (!subjects || subjects.length === 1) {
    const page = await fetch({ skip, limit, order, subject: subjects?.[0] });
    return { entries: page.result, total: page.total };
  }
  const parts = await Promise.all(subjects.map((subject) => firstRows(fetch, subject, skip + limit, order)));
  const merged = parts.flatMap((p) => p.entries).sort(byId(order));
  return { entries: merged.slice(skip, skip + limit), total: parts.reduce((sum, p) => sum + p.total, 0) };
}

/** The row (0-based, in `order`) where entry `id` stands under a filter, or null when the filter hides it. */
export async function locateEntry(fetch: PageFetcher, subjects: readonly TimelineSubject[] | null, id: number, order: Order): Promise<number | null> {
  for (let skip = 0; ; skip += CHUNK) {
    const { entries, total } = await loadTimelinePage(fetch, subjects, skip, CHUNK, order);
    const index = entries.findIndex((e) => e.id === id);
    if (index >= 0) return skip + index;
    const passed = entries.some((e) => (order === 'asc' ? e.id > id : e.id < id));
    if (passed || !entries.length || skip + CHUNK >= total) return null;
  }
}
