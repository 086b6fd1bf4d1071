import { LIMITS } from '@shared/limits';
import type { JudgementLogBody } from '@client/api/admin';
import { dayBoundary, type Day } from '@client/pages/players/listQuery';

/** The judgement log's filters and page, as kept in its URL. */
export interface LogState {
  /** The admin's user name (matched whole, any letter case). */
  user?: string;
  /** The admin's user id (links from elsewhere; the form edits the name). */
  userId?: number;
  /** The case's database id (shown as "Case #…" in the log). */
  caseId?: number;
  from?: Day;
  to?: Day;
  /** 1-based. */
  page: number;
}

export const DEFAULT_LOG: LogState = { page: 1 };

/** What the filter form holds: the text of its fields, as typed. */
export interface LogForm {
  user: string;
  caseId: string;
  from: string;
  to: string;
}

export type LogFormErrors = Partial<Record<keyof LogForm, 'caseId' | 'userTooLong' | 'range'>>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[1-9]\d{0,9}$/;
const MAX_ID = 2_147_483_647;
const MAX_PAGE = 1_000_000;

const idOf = (value: string | null | undefined) => {
  const text = value?.trim() ?? '';
  if (!ID.test(text)) return undefined;
  const n = Number(text);
  return n <= MAX_ID ? n : undefined;
};

const dayOf = (value: string | null | undefined) => (value && DAY.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined);

const nameOf = (value: string | null | undefined) => {
  const text = value?.trim() ?? '';
  return text && text.length <= LIMITS.usernameMax ? text : undefined;
};

/** Reads the log's state from its query; anything missing or malformed is left out. */
export function parseLogQuery(params: URLSearchParams): LogState {
  const state: LogState = { page: 1 };
  const user = nameOf(params.get('user'));
  if (user) state.user = user;
  const userId = idOf(params.get('userId'));
  if (userId) state.userId = userId;
  const caseId = idOf(params.get('case'));
  if (caseId) state.caseId = caseId;
  const from = dayOf(params.get('from'));
  if (from) state.from = from;
  const to = dayOf(params.get('to'));
  if (to) state.to = to;
  const page = idOf(params.get('page'));
  if (page && page <= MAX_PAGE) state.page = page;
  return state;
}

/** The query of a state, in a fixed order, leaving out what is unset and page 1. */
export function logQueryString(state: LogState): string {
  const params = new URLSearchParams();
  if (state.user) params.set('user', state.user);
  if (state.userId) params.set('userId', String(state.userId));
  if (state.caseId) params.set('case', String(state.caseId));
  if (state.from) params.set('from', state.from);
  if (state.to) params.set('to', state.to);
  if (state.page > 1) params.set('page', String(state.page));
  return params.toString();
}

/** Whether any filter is set (the page aside). */
export const isFiltered = (state: LogState) => logQueryString({ ...state, page: 1 }) !== '';

/** The request body of a state: a page of 20, the days as whole local days. */
export function toLogBody(state: LogState): JudgementLogBody {
  const limit = LIMITS.pageDefault;
  const body: JudgementLogBody = { skip: (state.page - 1) * limit, limit };
  if (state.user) body.userName = state.user;
  if (state.userId) body.userId = state.userId;
  if (state.caseId) body.dbId = state.caseId;
  if (state.from) body.createTimeFrom = dayBoundary(state.from, false);
  if (state.to) body.createTimeTo = dayBoundary(state.to, true);
  return body;
}

/** The form's fields for a state. */
export const formOf = (state: LogState): LogForm => ({
  user: state.user ?? '',
  caseId: state.caseId ? String(state.caseId) : '',
  from: state.from ?? '',
  to: state.to ?? '',
});

/**
 * The state the form asks for (back on page 1), or what is wrong with it. The admin id of a
 * followed link is kept while the name field is left empty.
 */
export function readLogForm(form: LogForm, current: LogState): { state: LogState } | { errors: LogFormErrors } {
  const errors: LogFormErrors = {};
  const user = form.user.trim();
  const caseText = form.caseId.trim().replace(/^#/, '');
  const caseId = idOf(caseText);
  if (user.length > LIMITS.usernameMax) errors.user = 'userTooLong';
  if (caseText && !caseId) errors.caseId = 'caseId';
  const from = dayOf(form.from);
  const to = dayOf(form.to);
  if (from && to && from > to) errors.to = 'range';
  if (Object.keys(errors).length) return { errors };
  const state: LogState = { page: 1 };
  if (user) state.user = user;
  else if (current.userId) state.userId = current.userId;
  if (caseId) state.caseId = caseId;
  if (from) state.from = from;
  if (to) state.to = to;
  return { state };
}
