// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { addVisit, clearHistory, forgetVisit, history, HISTORY_MAX, historyPage, parseHistory, recordVisit } from './history';
import { localFlags } from './localFlags';

beforeEach(() => {
  localFlags.history = true;
  clearHistory();
});

describe('the browsing history', () => {
  it('puts the newest visit first, one entry per case', () => {
    let list = addVisit([], 1, 100);
    list = addVisit(list, 2, 200);
    list = addVisit(list, 1, 300);
    expect(list).toEqual([
      { id: 1, time: 300 },
      { id: 2, time: 200 },
    ]);
  });

  it('keeps at most HISTORY_MAX cases, dropping the oldest', () => {
    let list = addVisit([], 1, 0);
    for (let i = 2; i <= HISTORY_MAX + 1; i++) list = addVisit(list, i, i);
    expect(list).toHaveLength(HISTORY_MAX);
    expect(list.some((e) => e.id === 1)).toBe(false);
    expect(list[0]).toEqual({ id: HISTORY_MAX + 1, time: HISTORY_MAX + 1 });
  });

  it('pages by 10, clamping the page number', () => {
    const list = Array.from({ length: 23 }, (_, i) => ({ id: i + 1, time: 1000 - i }));
    expect(historyPage(list, 1).items.map((e) => e.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(historyPage(list, 3)).toMatchObject({ page: 3, pageCount: 3, items: [{ id: 21 }, { id: 22 }, { id: 23 }] });
    expect(historyPage(list, 9).page).toBe(3);
    expect(historyPage([], 1)).toEqual({ items: [], page: 1, pageCount: 1 });
  });

  it('reads a saved list newest first, without damaged entries or repeats', () => {
    const raw = JSON.stringify({ list: [{ id: 3, time: 5 }, { id: 'x', time: 1 }, { id: 4, time: 9 }, { id: 3, time: 2 }, null] });
    expect(parseHistory(raw).list).toEqual([
      { id: 4, time: 9 },
      { id: 3, time: 5 },
    ]);
    expect(parseHistory('{oops').list).toEqual([]);
    expect(parseHistory(null).list).toEqual([]);
  });

  it('records visits only while the history flag is on, and saves them', async () => {
    recordVisit(7, 1);
    localFlags.history = false;
    recordVisit(8, 2);
    expect(history.list).toEqual([{ id: 7, time: 1 }]);
    await Promise.resolve();
    await Promise.resolve();
    expect(JSON.parse(localStorage.getItem('tribunal:history')!)).toEqual({ list: [{ id: 7, time: 1 }] });
  });

  it('forgets one case or all of them', () => {
    recordVisit(1, 1);
    recordVisit(2, 2);
    forgetVisit(1);
    expect(history.list.map((e) => e.id)).toEqual([2]);
    clearHistory();
    expect(history.list).toEqual([]);
  });
});
