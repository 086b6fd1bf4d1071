import { LIMITS } from '@shared/limits';
import type { TimelineEntry } from '@shared/types/cases';
import type { BanAppealRow, BanAppealsQuery } from '@client/api/admin';

/** Which appeals the queue shows: those waiting for review (the default) or every one. */
export const APPEAL_VIEWS = ['waiting', 'all'] as const;
export type AppealView = (typeof APPEAL_VIEWS)[number];

export interface AppealsState {
  view: AppealView;
  /** 1-based. */
  page: number;
}

export const DEFAULT_APPEALS: AppealsState = { view: 'waiting', page: 1 };

/** The state an appeal waits for review in (as stored on the appeal entry). */
export const WAITING_STATE = 'unprocessed';

export const PAGE_SIZE = LIMITS.pageDefault;
/** Appeals read per request while looking for the waiting ones (the endpoint's maximum). */
export const SCAN_CHUNK = 100;
/** The newest appeals looked through for the waiting ones, at most. */
export const SCAN_MAX = 2_000;

export function parseAppealsQuery(params: URLSearchParams): AppealsState {
  const show = params.get('show');
  const view = (APPEAL_VIEWS as readonly string[]).includes(show ?? '') ? (show as AppealView) : DEFAULT_APPEALS.view;
  const pageText = params.get('page') ?? '';
  const page = /^[1-9]\d{0,5}$/.test(pageText) ? Number(pageText) : 1;
  return { view, page };
}

export function appealsQueryString(state: AppealsState): string {
  const params = new URLSearchParams();
  if (state.view !== DEFAULT_APPEALS.view) params.set('show', state.view);
  if (state.page > 1) params.set('page', String(state.page));
  return params.toString();
}

/** The request of one page of every appeal, newest first. */
export const allAppealsQuery = (page: number): BanAppealsQuery => ({ status: 'all', order: 'desc', skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE });

/** A row's identity: a case has one appeal at a given moment. */
export const appealKey = (row: Pick<BanAppealRow, 'id' | 'appealTime'>) => `${row.id}@${row.appealTime}`;

export interface Scan {
  /** The matching appeals, newest first. */
  items: BanAppealRow[];
  /** How many appeals were looked through. */
  scanned: number;
  /** How many appeals there are in all. */
  total: number;
}

/**
 * The appeals in one state, found in the browser: `GET /banAppeals` cannot filter by the states
 * appeals are stored with, so every appeal is read, newest first, `chunk` at a time (the first
 * request tells the total, the rest go out together), up to `max`, and filtered here.
 */
export async function scanAppeals(
  load: (query: BanAppealsQuery) => Promise<{ result: BanAppealRow[]; total: number }>,
  state: string,
  { chunk = SCAN_CHUNK, max = SCAN_MAX }: { chunk?: number; max?: number } = {},
): Promise<Scan> {
  const query = (skip: number): BanAppealsQuery => ({ status: 'all', order: 'desc', skip, limit: chunk });
  const first = await load(query(0));
  const total = first.total;
  const until = Math.min(total, max);
  const rest: Array<Promise<{ result: BanAppealRow[] }>> = [];
  for (let skip = chunk; skip < until; skip += chunk) rest.push(load(query(skip)));
  const pages = [first, ...(await Promise.all(rest))];
  const seen = new Set<string>();
  const rows: BanAppealRow[] = [];
  for (const page of pages) {
    for (const row of page.result) {
      const key = appealKey(row);
      // Appeals filed while the pages were read shift them: a row may come twice.
      if (seen.has(key)) continue;
      seen.add(key);
      rows.push(row);
    }
  }
  return { items: rows.filter((r) => r.appealStatus === state), scanned: rows.length, total };
}

/** One page of a list held whole. */
export const pageOf = <T>(items: readonly T[], page: number, size = PAGE_SIZE) => items.slice((page - 1) * size, page * size);

export const pageCountOf = (total: number, size = PAGE_SIZE) => Math.max(1, Math.ceil(total / size));

/**
 * The timeline entry of a listed appeal among its case's appeals: the list carries no entry id,
 * so it is told by its time and author.
 */
export function findAppealEntry(entries: readonly TimelineEntry[], row: Pick<BanAppealRow, 'appealTime' | 'byUserId'>): TimelineEntry | undefined {
  const at = Date.parse(row.appealTime);
  return entries.find((e) => e.type === 'banAppeal' && Date.parse(e.createTime) === at && e.byUserId === row.byUserId);
}
