import { useSnapshot } from 'valtio';
import { z } from 'zod';
import { localFlags } from './localFlags';
import { localStore, parseJson } from './localStore';

/** Cases this browser opened (the profile's history): case id and when, newest first. */
export interface HistoryEntry {
  id: number;
  time: number;
}

export const HISTORY_PAGE = 10;
/** The oldest visits fall off past this many cases. */
export const HISTORY_MAX = 500;

export const historyEntrySchema = z.object({ id: z.number().int().positive(), time: z.number().int().nonnegative() });

/** A visit: the case moves to the top (one entry per case), the list keeps at most HISTORY_MAX. */
export function addVisit(list: readonly HistoryEntry[], id: number, time: number): HistoryEntry[] {
  return [{ id, time }, ...list.filter((e) => e.id !== id)].slice(0, HISTORY_MAX);
}

/** Newest first, one entry per case (the newest visit), within the limit. */
export function normalizeHistory(list: readonly HistoryEntry[]): HistoryEntry[] {
  const seen = new Set<number>();
  return [...list]
    .sort((a, b) => b.time - a.time)
    .filter((e) => !seen.has(e.id) && seen.add(e.id))
    .slice(0, HISTORY_MAX);
}

export function parseHistory(raw: string | null): { list: HistoryEntry[] } {
  const saved = parseJson(raw) as { list?: unknown } | undefined;
  const items = Array.isArray(saved?.list) ? saved.list : [];
  return { list: normalizeHistory(items.flatMap((item) => (historyEntrySchema.safeParse(item).success ? [item as HistoryEntry] : []))) };
}

/** One page (1-based) of the list, and how many pages there are. */
export function historyPage(list: readonly HistoryEntry[], page: number, size = HISTORY_PAGE) {
  const pageCount = Math.max(1, Math.ceil(list.length / size));
  const current = Math.min(Math.max(1, page), pageCount);
  return { items: list.slice((current - 1) * size, current * size), page: current, pageCount };
}

export const HISTORY_KEY = 'tribunal:history';

export const history = localStore(HISTORY_KEY, parseHistory);

export const useHistory = () => useSnapshot(history).list;

/** Notes that the case was opened, unless the history is turned off (enhancement settings). */
export function recordVisit(id: number, now = Date.now()) {
  if (!localFlags.history) return;
  history.list = addVisit(history.list, id, now);
}

export function forgetVisit(id: number) {
  history.list = history.list.filter((e) => e.id !== id);
}

export function clearHistory() {
  history.list = [];
}
