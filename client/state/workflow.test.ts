// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  addCards,
  applyCaseUpdates,
  archiveCard,
  columnOf,
  commitWorkflow,
  deleteCard,
  emptyWorkflow,
  moveCard,
  moveColumn,
  parseWorkflow,
  restoreCard,
  runDueTasks,
  setColumnShown,
  setRemark,
  setTask,
  shiftCard,
  shiftColumn,
  updateSettings,
  validateWorkflow,
  workflow,
  WORKFLOW_KEY,
  type CaseSummary,
  type WorkflowState,
} from './workflow';

const DAY = 86_400_000;
const c = (id: number, status = 0, name = `Player${id}`): CaseSummary => ({ id, name, personaId: String(1000 + id), games: ['bf1'], status, updateTime: '2026-01-01T00:00:00.000Z' });
const board = (...cases: CaseSummary[]) => addCards(emptyWorkflow(), cases, 1000).state;
const column = (s: WorkflowState, status: number) => s.columns.find((col) => col.status === status)!.cards;

describe('adding cases', () => {
  it('puts each case at the end of its status column once, with fresh meta', () => {
    const first = addCards(emptyWorkflow(), [c(1), c(2, 1), c(3)], 500);
    expect(first.added).toEqual([1, 2, 3]);
    expect(column(first.state, 0)).toEqual([1, 3]);
    expect(column(first.state, 1)).toEqual([2]);
    expect(first.state.meta[1]).toEqual({ remark: '', task: null, createTime: 500, updateTime: 500 });
    const again = addCards(first.state, [c(1), c(4)], 600);
    expect(again.added).toEqual([4]);
    expect(column(again.state, 0)).toEqual([1, 3, 4]);
  });
});

describe('moving cards and columns', () => {
  it('moves a card between columns and within one, and stamps the update time', () => {
    let s = board(c(1), c(2), c(3));
    s = moveCard(s, 1, 5, 0, 2000);
    expect(column(s, 0)).toEqual([2, 3]);
    expect(column(s, 5)).toEqual([1]);
    expect(columnOf(s, 1)).toBe(5);
    expect(s.meta[1]!.updateTime).toBe(2000);
    s = moveCard(s, 3, 0, 0);
    expect(column(s, 0)).toEqual([3, 2]);
    s = shiftCard(s, 3, 1);
    expect(column(s, 0)).toEqual([2, 3]);
    // At the edge nothing moves; an unknown card or column changes nothing.
    expect(shiftCard(s, 3, 1)).toBe(s);
    expect(moveCard(s, 99, 0, 0)).toBe(s);
    expect(moveCard(s, 2, 42, 0)).toBe(s);
  });

  it('reorders columns by index and among the shown ones by step', () => {
    let s = emptyWorkflow();
    s = moveColumn(s, 9, 0);
    expect(s.columns.map((col) => col.status)).toEqual([9, 0, 1, 2, 3, 4, 5, 6, 7, 8]);
    s = setColumnShown(s, 0, false);
    // Right of 9 among the shown columns is 1 (0 is hidden).
    s = shiftColumn(s, 9, 1);
    expect(s.columns.map((col) => col.status)).toEqual([0, 1, 9, 2, 3, 4, 5, 6, 7, 8]);
    expect(shiftColumn(s, 8, 1)).toBe(s);
  });
});

describe('archive and delete', () => {
  it('archives a card with its column, restores it there, and deletes for good', () => {
    let s = moveCard(board(c(1), c(2)), 1, 3, 0);
    s = archiveCard(s, 1, 5000);
    expect(s.cards[1]).toBeUndefined();
    expect(column(s, 3)).toEqual([]);
    expect(s.archived).toMatchObject([{ card: { id: 1 }, column: 3, archivedAt: 5000 }]);
    expect(s.meta[1]).toBeDefined();
    s = restoreCard(s, 1, 6000);
    expect(column(s, 3)).toEqual([1]);
    expect(s.archived).toEqual([]);
    s = deleteCard(archiveCard(s, 1, 7000), 1);
    expect(s.archived).toEqual([]);
    expect(s.meta[1]).toBeUndefined();
    s = deleteCard(s, 2);
    expect(s.cards).toEqual({});
  });

  it('brings an archived case back when it is added again', () => {
    const s = archiveCard(board(c(1)), 1, 10);
    const again = addCards(s, [c(1)], 20).state;
    expect(again.archived).toEqual([]);
    expect(column(again, 0)).toEqual([1]);
  });
});

describe('timed tasks', () => {
  it('default board settings: all columns, width 350, desktop notice on, cards move', () => {
    expect(emptyWorkflow().settings).toEqual({ showColumn: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], columnWidth: 350, isWindowNotify: true, onStatusChange: 'move' });
  });

  it('fire when due, even when the browser was closed long past the due time', () => {
    const start = Date.UTC(2026, 0, 1);
    let s = board(c(1), c(2), c(3));
    s = setTask(s, 1, { days: 7, action: 'archive' }, start);
    s = setTask(s, 2, { days: 30, action: 'notify' }, start);
    s = setTask(s, 3, { days: 7, action: 'archive' }, start);
    s = setTask(s, 3, null, start);
    expect(s.meta[1]!.task).toEqual({ days: 7, action: 'archive', startAt: start, dueAt: start + 7 * DAY });

    // A minute before: nothing.
    expect(runDueTasks(s, start + 7 * DAY - 60_000).fired).toEqual([]);
    // The board is opened again 20 days later: the 7-day task fired, the 30-day one not yet.
    const later = runDueTasks(s, start + 20 * DAY);
    expect(later.fired).toEqual([{ id: 1, name: 'Player1', action: 'archive', dueAt: start + 7 * DAY }]);
    expect(later.state.cards[1]).toBeUndefined();
    expect(later.state.archived[0]!.card.id).toBe(1);
    // 40 days: the notification task flags its card and is done; nothing fires twice.
    const last = runDueTasks(later.state, start + 40 * DAY);
    expect(last.fired).toEqual([{ id: 2, name: 'Player2', action: 'notify', dueAt: start + 30 * DAY }]);
    expect(last.state.cards[2]!.flagged).toBe(true);
    expect(last.state.meta[2]!.task).toBeNull();
    expect(runDueTasks(last.state, start + 41 * DAY).fired).toEqual([]);
  });

  it('keep a remark per case, with its update time', () => {
    const s = setRemark(board(c(1)), 1, 'Check the BF1 stats again', 3000);
    expect(s.meta[1]).toMatchObject({ remark: 'Check the BF1 stats again', createTime: 1000, updateTime: 3000 });
  });
});

describe('live status changes', () => {
  it('move a card to its new status column, or flag it, as the setting says', () => {
    const s = board(c(1), c(2));
    const moved = applyCaseUpdates(s, [c(1, 1, 'Renamed')], 100);
    expect(moved.changed).toEqual([1]);
    expect(column(moved.state, 1)).toEqual([1]);
    expect(moved.state.cards[1]).toMatchObject({ name: 'Renamed', status: 1, flagged: false });

    const flagged = applyCaseUpdates(updateSettings(s, { onStatusChange: 'flag' }), [c(1, 1), c(2, 0)], 100);
    expect(flagged.changed).toEqual([1]);
    expect(column(flagged.state, 0)).toEqual([1, 2]);
    expect(flagged.state.cards[1]).toMatchObject({ status: 1, flagged: true });
  });
});

describe('storage and files', () => {
  it('reads back what the store saved, and an empty board from damaged data', async () => {
    commitWorkflow(moveColumn(moveCard(board(c(1), c(2)), 2, 0, 0), 4, 0));
    // valtio saves after it notifies, which it does asynchronously.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const saved = localStorage.getItem(WORKFLOW_KEY);
    const parsed = parseWorkflow(saved);
    expect(parsed.columns[0]).toEqual({ status: 4, cards: [] });
    expect(column(parsed, 0)).toEqual([2, 1]);
    expect(workflow.columns[0]!.status).toBe(4);
    expect(parseWorkflow('{nope')).toEqual(emptyWorkflow());
    expect(parseWorkflow(JSON.stringify({ version: 99 }))).toEqual(emptyWorkflow());
  });

  it('validates imported data and repairs what would break the board', () => {
    const good = board(c(1), c(2));
    expect(validateWorkflow(JSON.parse(JSON.stringify(good)))).toEqual({ ok: true, state: good });
    expect(validateWorkflow({ ...good, settings: { ...good.settings, columnWidth: 5 } })).toEqual({ ok: false, detail: 'settings.columnWidth' });
    expect(validateWorkflow({ ...good, cards: { 1: { ...good.cards[1], status: 12 } } })).toMatchObject({ ok: false, detail: 'cards.1.status' });
    // Missing columns come back, duplicates go, cards no column holds land in their status column.
    const damaged = { ...good, columns: [{ status: 0, cards: [1, 1] }, { status: 0, cards: [] }] };
    const repaired = validateWorkflow(damaged);
    expect(repaired.ok && repaired.state.columns.map((col) => col.status)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(repaired.ok && column(repaired.state, 0)).toEqual([1, 2]);
  });
});
