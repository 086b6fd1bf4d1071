import { LIMITS } from '@shared/limits';

export type Order = 'asc' | 'desc';

/** Where the timeline stands, as kept in the case page's query (`page`, `order`). */
export interface TimelinePosition {
  /** 1-based. */
  page: number;
  order: Order;
}

export function parseTimelineQuery(params: URLSearchParams): TimelinePosition {
  const page = Number(params.get('page'));
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
  };
}

/** The query with a new position, keeping whatever else it holds; defaults are left out. */
export function withTimelinePosition(params: URLSearchParams, { page, order }: TimelinePosition): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page > 1) next.set('page', String(page));
  else next.delete('page');
  if (order === 'desc') next.set('order', order);
  else next.delete('order');
  return next;
}

export const pageCount = (total: number, size = LIMITS.timelinePage) => Math.max(1, Math.ceil(total / size));

/** The page a row (0-based, in the page's order) falls on. */
export const pageOfRow = (row: number, size = LIMITS.timelinePage) => Math.floor(row / size) + 1;

/** The entry a `#floor-<id>` address points at. */
export function floorOfHash(hash: string): number | null {
  const m = /^#floor-([1-9]\d{0,9})$/.exec(hash);
  return m ? Number(m[1]) : null;
}

export const floorAnchor = (id: number) => `floor-${id}`;
