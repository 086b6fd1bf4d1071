import { LIMITS } from '@shared/limits';
import type { AppealState, BanAppealsQuery } from '@client/api/admin';

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
export const WAITING_STATE: AppealState = 'unprocessed';

const PAGE_SIZE = LIMITS.pageDefault;

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

/** The request of one page of the queue, newest first: the server filters by the stored state and counts. */
export const appealsRequest = ({ view, page }: AppealsState): BanAppealsQuery => ({
  status: view === 'waiting' ? WAITING_STATE : 'all',
  order: 'desc',
  skip: (page - 1) * PAGE_SIZE,
  limit: PAGE_SIZE,
});

export const pageCountOf = (total: number, size = PAGE_SIZE) => Math.max(1, Math.ceil(total / size));
