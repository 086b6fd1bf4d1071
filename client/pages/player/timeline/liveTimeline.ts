import type { TimelineEntry } from '@shared/types/cases';
import type { TimelineFilter } from '@client/state/timelineFilter';
import { filterShows } from './filters';
import type { LoadedPage } from './loadPage';
import type { Order } from './pageQuery';

/** The page of the timeline on screen, kept current by live events. */
export interface TimelineState {
  entries: TimelineEntry[];
  /** Entries under the filter, on every page. */
  total: number;
  /** Entries that arrived live but belong on another page (ids, so a repeat counts once). */
  unseen: readonly number[];
  /** Entries hidden since the page loaded, already counted out of `total` (ids, so a repeat counts once). */
  hidden: readonly number[];
}

/** What the page shows, which decides where a live entry goes. */
export interface TimelineView {
  filter: TimelineFilter;
  order: Order;
  /** 1-based. */
  page: number;
  pageSize: number;
  /** Staff see hidden entries (greyed) instead of losing them. */
  staff: boolean;
  /** The reader has scrolled away from the start of the entries, where newest-first shows a new one. */
  awayFromStart?: boolean;
}

export type TimelineAction =
  | { type: 'loaded'; page: LoadedPage }
  /** `mine`: the reader's own entry, shown on the page that holds it wherever they are. */
  | { type: 'added'; entry: TimelineEntry; mine?: boolean }
  /**
   * Shown again: `entry` (when the event carries it) puts the entry back on pages that had dropped it.
   * `entryType`: the entry's type, which says whether the filter counts an entry this page does not hold.
   */
  | { type: 'visibility'; id: number; valid: boolean; entryType?: TimelineEntry['type']; entry?: TimelineEntry }
  /** An entry changed (an appeal's state or viewers): replaced where it is shown. */
  | { type: 'updated'; entry: TimelineEntry };

export const EMPTY_TIMELINE: TimelineState = { entries: [], total: 0, unseen: [], hidden: [] };

/** The page shows the newest entries and has room: the oldest-first order's last page. */
function showsTail(state: TimelineState, view: TimelineView) {
  return view.order === 'asc' && (view.page - 1) * view.pageSize + state.entries.length >= state.total && state.entries.length < view.pageSize;
}

/** The page is the first of the newest-first order, and the reader is at its start (or posted the entry). */
function showsHead(view: TimelineView, mine: boolean) {
  return view.order === 'desc' && view.page === 1 && (mine || !view.awayFromStart);
}

/**
 * A newer copy of an entry over the one shown. Public events leave out what only some readers may
 * see (appeal attachments, the staff's `valid` mark): what this page was given keeps them.
 */
export function mergeEntry(shown: TimelineEntry, next: TimelineEntry): TimelineEntry {
  const content = shown.content.showAttachment && !next.content.showAttachment ? { ...next.content, showAttachment: true, extendedLinks: { ...next.content.extendedLinks, ...shown.content.extendedLinks } } : next.content;
  return { ...shown, ...next, content, valid: next.valid ?? shown.valid };
}

/**
 * An entry shown again after it was hidden: back in its place (by id) when that place is on this
 * page, otherwise only counted (it is on another page).
 */
function putBack(shown: TimelineState, entry: TimelineEntry, view: TimelineView): TimelineState {
  if (!filterShows(view.filter, entry.type) || shown.unseen.includes(entry.id)) return shown;
  const state = { ...shown, hidden: shown.hidden.filter((id) => id !== entry.id) };
  const before = (a: number, b: number) => (view.order === 'asc' ? a < b : a > b);
  const ids = state.entries.map((e) => e.id);
  const first = ids[0];
  const last = ids.at(-1);
  const onFirstPage = view.page === 1;
  const onLastPage = (view.page - 1) * view.pageSize + state.entries.length >= state.total;
  const fits =
    first === undefined || last === undefined
      ? onFirstPage
      : (!before(entry.id, first) || onFirstPage) && (!before(last, entry.id) || (onLastPage && state.entries.length < view.pageSize));
  if (!fits) return { ...state, total: state.total + 1 };
  const at = state.entries.findIndex((e) => before(entry.id, e.id));
  const entries = at < 0 ? [...state.entries, entry] : [...state.entries.slice(0, at), entry, ...state.entries.slice(at)];
  return { ...state, entries: entries.slice(0, view.pageSize), total: state.total + 1 };
}

/**
 * An entry hidden on another page leaves the total under the filters that show it, as `putBack`
 * counts it in again when it is shown: the count stays what a reload shows.
 */
function countOut(state: TimelineState, action: { id: number; entryType?: string }, view: TimelineView): TimelineState {
  if (state.hidden.includes(action.id)) return state;
  const hidden = [...state.hidden, action.id];
  if (state.unseen.includes(action.id)) return { ...state, total: state.total - 1, unseen: state.unseen.filter((id) => id !== action.id), hidden };
  if (action.entryType === undefined || !filterShows(view.filter, action.entryType)) return state;
  return { ...state, total: state.total - 1, hidden };
}

/** An action with the room sequence of the event that brought it (none: the reader's own). */
export interface QueuedAction {
  action: TimelineAction;
  seq?: number;
}

/**
 * What arrived while a page loaded, to apply on top of it: the page holds every event of the room up
 * to its `lastSeq`, so only later ones (and the reader's own actions) are applied, or a hide would
 * count out an entry the page already left out.
 */
export const actionsAfter = (queued: readonly QueuedAction[], lastSeq: number) => queued.filter(({ seq }) => seq === undefined || seq > lastSeq).map(({ action }) => action);

/**
 * Merges a loaded page or a live event into the timeline. Events may arrive twice (live and
 * replayed) or describe entries the page already holds, so each is applied at most once.
 */
export function timelineReducer(state: TimelineState, action: TimelineAction, view: TimelineView): TimelineState {
  switch (action.type) {
    case 'loaded':
      return { entries: action.page.entries, total: action.page.total, unseen: [], hidden: [] };
    case 'added': {
      const { entry } = action;
      const known = state.entries.some((e) => e.id === entry.id) || state.unseen.includes(entry.id);
      if (known || !filterShows(view.filter, entry.type)) return state;
      if (showsTail(state, view)) return { ...state, entries: [...state.entries, entry], total: state.total + 1 };
      // On top at once; the oldest entry of the page moves on to page 2.
      if (showsHead(view, !!action.mine)) return { ...state, entries: [entry, ...state.entries].slice(0, view.pageSize), total: state.total + 1 };
      return { ...state, total: state.total + 1, unseen: [...state.unseen, entry.id] };
    }
    case 'updated': {
      const index = state.entries.findIndex((e) => e.id === action.entry.id);
      if (index < 0) return state;
      return { ...state, entries: state.entries.map((e, i) => (i === index ? mergeEntry(e, action.entry) : e)) };
    }
    case 'visibility': {
      const index = state.entries.findIndex((e) => e.id === action.id);
      if (view.staff) return index < 0 ? state : { ...state, entries: state.entries.map((e, i) => (i === index ? { ...e, valid: action.valid } : e)) };
      if (action.valid) return index < 0 && action.entry ? putBack(state, action.entry, view) : state;
      if (index < 0) return countOut(state, action, view);
      return { ...state, entries: state.entries.filter((_, i) => i !== index), total: state.total - 1, hidden: [...state.hidden, action.id] };
    }
  }
}
