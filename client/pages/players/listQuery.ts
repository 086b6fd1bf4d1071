import { GAMES } from '@shared/games';
import { LIMITS } from '@shared/limits';
import type { PlayersQuery } from '@client/api/cases';

export const LIST_GAMES = ['all', ...GAMES] as const;
export const LIST_SORTS = ['createTime', 'updateTime', 'commentsNum', 'viewNum'] as const;
export type ListSort = (typeof LIST_SORTS)[number];

/** A day as the date input writes it (`2026-01-31`), read in the viewer's time zone. */
export type Day = string;

/** Everything the player list shows, as kept in its URL. */
export interface ListState {
  game: (typeof LIST_GAMES)[number];
  /** -1 = every status. */
  status: number;
  sort: ListSort;
  /** 1-based. */
  page: number;
  createFrom?: Day;
  createTo?: Day;
  updateFrom?: Day;
  updateTo?: Day;
}

export const DEFAULT_LIST: ListState = { game: 'all', status: -1, sort: 'createTime', page: 1 };

const RANGE_KEYS = ['createFrom', 'createTo', 'updateFrom', 'updateTo'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const oneOf = <T extends string>(list: readonly T[], value: string | null, fallback: T): T =>
  list.includes(value as T) ? (value as T) : fallback;

function intIn(value: string | null, min: number, max: number, fallback: number) {
  const n = Number(value);
  return value !== null && value !== '' && Number.isInteger(n) && n >= min && n <= max ? n : fallback;
}

const validDay = (value: string | null) => (value && DAY.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined);

/** Reads the list's state from its query, falling back to the defaults for anything missing or odd. */
export function parseListQuery(params: URLSearchParams): ListState {
  const state: ListState = {
    game: oneOf(LIST_GAMES, params.get('game'), DEFAULT_LIST.game),
    status: intIn(params.get('status'), -1, 9, DEFAULT_LIST.status),
    sort: oneOf(LIST_SORTS, params.get('sort'), DEFAULT_LIST.sort),
    page: intIn(params.get('page'), 1, 1_000_000, DEFAULT_LIST.page),
  };
  for (const key of RANGE_KEYS) {
    const day = validDay(params.get(key));
    if (day) state[key] = day;
  }
  return state;
}

/** The query for a state, leaving out what equals the default so links stay short. */
export function listQueryString(state: ListState): string {
  const params = new URLSearchParams();
  if (state.game !== DEFAULT_LIST.game) params.set('game', state.game);
  if (state.status !== DEFAULT_LIST.status) params.set('status', String(state.status));
  if (state.sort !== DEFAULT_LIST.sort) params.set('sort', state.sort);
  for (const key of RANGE_KEYS) if (state[key]) params.set(key, state[key]);
  if (state.page !== DEFAULT_LIST.page) params.set('page', String(state.page));
  return params.toString();
}

/** Local midnight at the start of a day, or the last millisecond of it. */
export function dayBoundary(day: Day, end: boolean): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, end ? d + 1 : d).getTime() - (end ? 1 : 0);
}

/** The API query of a state: a page of 20, newest first by the chosen field. */
export function toPlayersQuery(state: ListState): PlayersQuery {
  const limit = LIMITS.pageDefault;
  const at = (day: Day | undefined, end: boolean) => (day ? dayBoundary(day, end) : undefined);
  return {
    game: state.game,
    status: state.status,
    sortBy: state.sort,
    skip: (state.page - 1) * limit,
    limit,
    createTimeFrom: at(state.createFrom, false),
    createTimeTo: at(state.createTo, true),
    updateTimeFrom: at(state.updateFrom, false),
    updateTimeTo: at(state.updateTo, true),
  };
}
