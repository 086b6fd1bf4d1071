import type { TimelineSubject } from '@shared/timeline';
import type { TimelineEntry } from '@shared/types/cases';
import type { TimelinePositionQuery, TimelineQuery } from '@client/api/cases';
import { ApiError } from '@client/api/ApiError';
import type { Order } from './pageQuery';

export type PageFetcher = (query: TimelineQuery) => Promise<{ result: TimelineEntry[]; total: number; lastSeq?: number }>;
export type PositionFetcher = (query: TimelinePositionQuery) => Promise<{ page: number; index: number; total: number }>;

export interface LoadedPage {
  entries: TimelineEntry[];
  total: number;
  /** The case room's sequence the page is current as of (0 when the answer did not say). */
  lastSeq: number;
}

/** A page of the timeline under a filter: one request, the server lists the filter's types together (by id, with their total). */
export async function loadTimelinePage(
  fetch: PageFetcher,
  subjects: readonly TimelineSubject[] | null,
  skip: number,
  limit: number,
  order: Order,
): Promise<LoadedPage> {
  const page = await fetch({ skip, limit, order, subject: subjects ?? undefined });
  return { entries: page.result, total: page.total, lastSeq: page.lastSeq ?? 0 };
}

/**
 * The page (1-based, of `limit` entries in `order`) where entry `id` stands under a filter, asked of
 * the server; null when the filter hides it or the case has no such entry.
 */
export async function locateEntry(fetch: PositionFetcher, subjects: readonly TimelineSubject[] | null, id: number, order: Order, limit: number): Promise<number | null> {
  try {
    return (await fetch({ id, limit, order, subject: subjects ?? undefined })).page;
  } catch (e) {
    if (e instanceof ApiError && e.code === 'timeline.notFound') return null;
    throw e;
  }
}
