import { useSnapshot } from 'valtio';
import { z } from 'zod';
import { CASE_STATUSES } from '@shared/games';
import { localStore, parseJson } from './localStore';

/**
 * The workflow board (`/workflow`): a staff member's own kanban of the cases they work on,
 * kept in this browser only. One column per case status (in the user's order, some hidden), cards
 * keyed by case id, archived cards, per-case meta (private remark, a timed task, times) and the
 * board's settings. Every function here takes a state and answers the next one; the store below
 * keeps the current state in localStorage, saved after every change.
 */

export const WORKFLOW_VERSION = 1;
export const WORKFLOW_KEY = 'tribunal:workflow';

export const TASK_DAYS = [7, 30] as const;
export type TaskDays = (typeof TASK_DAYS)[number];
export const TASK_ACTIONS = ['archive', 'notify'] as const;
export type TaskAction = (typeof TASK_ACTIONS)[number];
export const ON_STATUS_CHANGE = ['move', 'flag'] as const;
export type OnStatusChange = (typeof ON_STATUS_CHANGE)[number];

export const WORKFLOW_LIMITS = { cards: 500, archived: 500, remarkMax: 1000, nameMax: 100, columnWidthMin: 240, columnWidthMax: 600 } as const;
export const DEFAULT_COLUMN_WIDTH = 350;
const DAY_MS = 86_400_000;

const caseId = z.number().int().positive();
const time = z.number().int().nonnegative();
const status = z.number().int().refine((s) => (CASE_STATUSES as readonly number[]).includes(s), 'unknown status');

export const workflowCardSchema = z.object({
  id: caseId,
  name: z.string().max(WORKFLOW_LIMITS.nameMax),
  personaId: z.string().max(40),
  games: z.array(z.string().max(20)).max(10),
  /** The case's status as last seen on the server. */
  status,
  /** The case's last update on the server (ISO), as last seen. */
  caseUpdateTime: z.string().max(40).nullable(),
  /** The case's status changed on the server while the board was set to flag, not move. */
  flagged: z.boolean(),
});
export type WorkflowCard = z.infer<typeof workflowCardSchema>;

export const workflowTaskSchema = z.object({
  days: z.union([z.literal(7), z.literal(30)]),
  action: z.enum(TASK_ACTIONS),
  startAt: time,
  dueAt: time,
});
export type WorkflowTask = z.infer<typeof workflowTaskSchema>;

export const workflowMetaSchema = z.object({
  remark: z.string().max(WORKFLOW_LIMITS.remarkMax),
  task: workflowTaskSchema.nullable(),
  createTime: time,
  updateTime: time,
});
export type WorkflowMeta = z.infer<typeof workflowMetaSchema>;

export const workflowSettingsSchema = z.object({
  /** The statuses whose columns are shown. */
  showColumn: z.array(status).max(CASE_STATUSES.length),
  columnWidth: z.number().int().min(WORKFLOW_LIMITS.columnWidthMin).max(WORKFLOW_LIMITS.columnWidthMax),
  isWindowNotify: z.boolean(),
  onStatusChange: z.enum(ON_STATUS_CHANGE),
});
export type WorkflowSettings = z.infer<typeof workflowSettingsSchema>;

export const workflowSchema = z.object({
  version: z.literal(WORKFLOW_VERSION),
  /** Columns in the board's order, each with its cards' ids in order. */
  columns: z.array(z.object({ status, cards: z.array(caseId).max(WORKFLOW_LIMITS.cards) })).max(CASE_STATUSES.length),
  cards: z.record(z.string().regex(/^[1-9]\d*$/), workflowCardSchema),
  archived: z.array(z.object({ card: workflowCardSchema, column: status, archivedAt: time })).max(WORKFLOW_LIMITS.archived),
  meta: z.record(z.string().regex(/^[1-9]\d*$/), workflowMetaSchema),
  settings: workflowSettingsSchema,
});
export type WorkflowState = z.infer<typeof workflowSchema>;

export const DEFAULT_SETTINGS: WorkflowSettings = { showColumn: [...CASE_STATUSES], columnWidth: DEFAULT_COLUMN_WIDTH, isWindowNotify: true, onStatusChange: 'move' };

export function emptyWorkflow(): WorkflowState {
  return { version: WORKFLOW_VERSION, columns: CASE_STATUSES.map((s) => ({ status: s, cards: [] })), cards: {}, archived: [], meta: {}, settings: { ...DEFAULT_SETTINGS, showColumn: [...CASE_STATUSES] } };
}

/**
 * A valid state made whole: every status has exactly one column (missing ones at the end), every
 * card sits in exactly one column and every column id names a card, archived cards are off the board.
 */
export function normalizeWorkflow(state: WorkflowState): WorkflowState {
  const seenStatus = new Set<number>();
  const placed = new Set<number>();
  const archivedIds = new Set<number>();
  const archived = state.archived.filter((a) => !state.cards[a.card.id] && !archivedIds.has(a.card.id) && archivedIds.add(a.card.id));
  const columns = state.columns
    .filter((c) => !seenStatus.has(c.status) && seenStatus.add(c.status))
    .map((c) => ({ status: c.status, cards: c.cards.filter((id) => !!state.cards[id] && !placed.has(id) && placed.add(id)) }));
  for (const s of CASE_STATUSES) if (!seenStatus.has(s)) columns.push({ status: s, cards: [] });
  // Cards no column holds go to the column of their status.
  for (const card of Object.values(state.cards)) {
    if (placed.has(card.id)) continue;
    placed.add(card.id);
    columns.find((c) => c.status === card.status)!.cards.push(card.id);
  }
  return { ...state, columns, archived, settings: { ...state.settings, showColumn: [...new Set(state.settings.showColumn)] } };
}

/** The saved board, or an empty one when nothing (or nothing valid) is saved. */
export function parseWorkflow(raw: string | null): WorkflowState {
  const parsed = workflowSchema.safeParse(parseJson(raw));
  return parsed.success ? normalizeWorkflow(parsed.data) : emptyWorkflow();
}

/** Validates board data from a file (the profile export): the board, or where it is wrong. */
export function validateWorkflow(data: unknown): { ok: true; state: WorkflowState } | { ok: false; detail: string } {
  const parsed = workflowSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, detail: issue.path.join('.') || issue.message };
  }
  return { ok: true, state: normalizeWorkflow(parsed.data) };
}

export const columnOf = (state: WorkflowState, id: number) => state.columns.find((c) => c.cards.includes(id))?.status;

export const cardCount = (state: WorkflowState) => Object.keys(state.cards).length;

/** The case as the server describes it (a search hit or a case record). */
export interface CaseSummary {
  id: number;
  name: string;
  personaId: string;
  games: readonly string[];
  status: number;
  updateTime: string | null;
}

const cardOf = (c: CaseSummary): WorkflowCard => ({
  id: c.id,
  name: c.name.slice(0, WORKFLOW_LIMITS.nameMax),
  personaId: c.personaId,
  games: c.games.slice(0, 10),
  status: c.status,
  caseUpdateTime: c.updateTime,
  flagged: false,
});

const freshMeta = (now: number): WorkflowMeta => ({ remark: '', task: null, createTime: now, updateTime: now });

/**
 * Puts cases on the board, at the end of their status's column. Cases already on it are left as
 * they are; archived ones come back. `added` says which ids are new on the board.
 */
export function addCards(state: WorkflowState, cases: readonly CaseSummary[], now: number): { state: WorkflowState; added: number[]; full: boolean } {
  const cards = { ...state.cards };
  const columns = state.columns.map((c) => ({ ...c, cards: [...c.cards] }));
  const meta = { ...state.meta };
  const added: number[] = [];
  let full = false;
  for (const c of cases) {
    if (cards[c.id]) continue;
    if (Object.keys(cards).length >= WORKFLOW_LIMITS.cards) {
      full = true;
      break;
    }
    if (!(CASE_STATUSES as readonly number[]).includes(c.status)) continue;
    cards[c.id] = cardOf(c);
    columns.find((col) => col.status === c.status)!.cards.push(c.id);
    meta[c.id] ??= freshMeta(now);
    added.push(c.id);
  }
  const archived = state.archived.filter((a) => !added.includes(a.card.id));
  return { state: { ...state, cards, columns, meta, archived }, added, full };
}

/**
 * Moves a card to `index` in the column of status `to` (clamped; within its own column the index
 * counts the other cards, as after taking it out). Unknown cards or columns leave the board as it is.
 */
export function moveCard(state: WorkflowState, id: number, to: number, index: number, now?: number): WorkflowState {
  if (!state.cards[id] || !state.columns.some((c) => c.status === to)) return state;
  const columns = state.columns.map((c) => ({ ...c, cards: c.cards.filter((x) => x !== id) }));
  const target = columns.find((c) => c.status === to)!;
  target.cards.splice(Math.max(0, Math.min(index, target.cards.length)), 0, id);
  return touch({ ...state, columns }, id, now);
}

/** Moves a card one place up (-1) or down (+1) in its column. */
export function shiftCard(state: WorkflowState, id: number, by: -1 | 1, now?: number): WorkflowState {
  const column = state.columns.find((c) => c.cards.includes(id));
  if (!column) return state;
  const index = column.cards.indexOf(id) + by;
  if (index < 0 || index >= column.cards.length) return state;
  return moveCard(state, id, column.status, index, now);
}

/** Moves the column of `status` to `index` among all columns (hidden ones count). */
export function moveColumn(state: WorkflowState, status: number, index: number): WorkflowState {
  const from = state.columns.findIndex((c) => c.status === status);
  if (from < 0) return state;
  const columns = [...state.columns];
  const [column] = columns.splice(from, 1);
  columns.splice(Math.max(0, Math.min(index, columns.length)), 0, column!);
  return { ...state, columns };
}

/** Moves a column one place left (-1) or right (+1) among the shown columns. */
export function shiftColumn(state: WorkflowState, status: number, by: -1 | 1): WorkflowState {
  const shown = state.columns.filter((c) => state.settings.showColumn.includes(c.status));
  const at = shown.findIndex((c) => c.status === status);
  const neighbour = shown[at + by];
  if (at < 0 || !neighbour) return state;
  return moveColumn(state, status, state.columns.findIndex((c) => c.status === neighbour.status));
}

export function setColumnShown(state: WorkflowState, status: number, shown: boolean): WorkflowState {
  const others = state.settings.showColumn.filter((s) => s !== status);
  return { ...state, settings: { ...state.settings, showColumn: shown ? [...others, status] : others } };
}

export function updateSettings(state: WorkflowState, change: Partial<WorkflowSettings>): WorkflowState {
  const next = workflowSettingsSchema.safeParse({ ...state.settings, ...change });
  return next.success ? { ...state, settings: next.data } : state;
}

function touch(state: WorkflowState, id: number, now?: number): WorkflowState {
  if (now === undefined) return state;
  const meta = state.meta[id] ?? freshMeta(now);
  return { ...state, meta: { ...state.meta, [id]: { ...meta, updateTime: now } } };
}

/** Takes a card off the board into the archive (its meta stays, for a restore). */
export function archiveCard(state: WorkflowState, id: number, now: number): WorkflowState {
  const card = state.cards[id];
  if (!card) return state;
  const column = columnOf(state, id) ?? card.status;
  const { [id]: _gone, ...cards } = state.cards;
  const columns = state.columns.map((c) => ({ ...c, cards: c.cards.filter((x) => x !== id) }));
  const meta = state.meta[id] ? { ...state.meta, [id]: { ...state.meta[id], task: null, updateTime: now } } : state.meta;
  const archived = [{ card, column, archivedAt: now }, ...state.archived].slice(0, WORKFLOW_LIMITS.archived);
  return { ...state, cards, columns, meta, archived };
}

/** Puts an archived card back at the end of the column it was archived from. */
export function restoreCard(state: WorkflowState, id: number, now: number): WorkflowState {
  const entry = state.archived.find((a) => a.card.id === id);
  if (!entry || state.cards[id]) return state;
  const columns = state.columns.map((c) => (c.status === entry.column ? { ...c, cards: [...c.cards, id] } : c));
  return touch({ ...state, cards: { ...state.cards, [id]: entry.card }, columns, archived: state.archived.filter((a) => a.card.id !== id) }, id, now);
}

/** Forgets a case for good: from the board or the archive, with its meta. */
export function deleteCard(state: WorkflowState, id: number): WorkflowState {
  const { [id]: _card, ...cards } = state.cards;
  const { [id]: _meta, ...meta } = state.meta;
  return {
    ...state,
    cards,
    meta,
    columns: state.columns.map((c) => ({ ...c, cards: c.cards.filter((x) => x !== id) })),
    archived: state.archived.filter((a) => a.card.id !== id),
  };
}

export function setRemark(state: WorkflowState, id: number, remark: string, now: number): WorkflowState {
  const meta = state.meta[id] ?? freshMeta(now);
  return { ...state, meta: { ...state.meta, [id]: { ...meta, remark: remark.slice(0, WORKFLOW_LIMITS.remarkMax), updateTime: now } } };
}

/** Starts a timed task on a card (replacing any other), due `days` from now; `null` cancels it. */
export function setTask(state: WorkflowState, id: number, task: { days: TaskDays; action: TaskAction } | null, now: number): WorkflowState {
  if (!state.cards[id]) return state;
  const meta = state.meta[id] ?? freshMeta(now);
  const next: WorkflowTask | null = task && { days: task.days, action: task.action, startAt: now, dueAt: now + task.days * DAY_MS };
  return { ...state, meta: { ...state.meta, [id]: { ...meta, task: next, updateTime: now } } };
}

/** A task that came due: what was done, so the page can tell the user (and notify). */
export interface FiredTask {
  id: number;
  name: string;
  action: TaskAction;
  dueAt: number;
}

/**
 * Runs every task due at `now`, however long ago it came due (the browser may have been closed):
 * `archive` archives the card, `notify` flags it; either way the task is done and removed.
 */
export function runDueTasks(state: WorkflowState, now: number): { state: WorkflowState; fired: FiredTask[] } {
  const fired: FiredTask[] = [];
  let next = state;
  for (const [key, meta] of Object.entries(state.meta)) {
    const id = Number(key);
    const task = meta.task;
    const card = next.cards[id];
    if (!task || task.dueAt > now || !card) continue;
    fired.push({ id, name: card.name, action: task.action, dueAt: task.dueAt });
    next = { ...next, meta: { ...next.meta, [id]: { ...meta, task: null, updateTime: now } } };
    if (task.action === 'archive') next = archiveCard(next, id, now);
    else next = { ...next, cards: { ...next.cards, [id]: { ...card, flagged: true } } };
  }
  return { state: next, fired };
}

/**
 * The server's current view of cases on the board: names and times are refreshed; a card whose
 * status changed is moved to its new status's column (`move`) or flagged (`flag`). Answers which
 * cards changed status.
 */
export function applyCaseUpdates(state: WorkflowState, cases: readonly CaseSummary[], now: number): { state: WorkflowState; changed: number[] } {
  let next = state;
  const changed: number[] = [];
  for (const c of cases) {
    const card = next.cards[c.id];
    if (!card || !(CASE_STATUSES as readonly number[]).includes(c.status)) continue;
    const statusChanged = card.status !== c.status;
    const updated: WorkflowCard = { ...card, name: c.name.slice(0, WORKFLOW_LIMITS.nameMax), games: c.games.slice(0, 10), caseUpdateTime: c.updateTime, status: c.status };
    if (statusChanged) {
      changed.push(c.id);
      if (next.settings.onStatusChange === 'flag') updated.flagged = true;
    }
    next = { ...next, cards: { ...next.cards, [c.id]: updated } };
    if (statusChanged && next.settings.onStatusChange === 'move') next = moveCard(next, c.id, c.status, Number.MAX_SAFE_INTEGER, now);
  }
  return { state: next, changed };
}

export const clearFlag = (state: WorkflowState, id: number): WorkflowState =>
  state.cards[id] ? { ...state, cards: { ...state.cards, [id]: { ...state.cards[id], flagged: false } } } : state;

/** The board's store in this browser. */
export const workflow = localStore<WorkflowState>(WORKFLOW_KEY, parseWorkflow);

export const useWorkflow = () => useSnapshot(workflow) as WorkflowState;

/** Replaces the stored board with the next state (each change is saved at once). */
export function commitWorkflow(next: WorkflowState) {
  if (next === (workflow as WorkflowState)) return;
  Object.assign(workflow, JSON.parse(JSON.stringify(next)) as WorkflowState);
}

/** A plain copy of the board (for the export). */
export const workflowSnapshot = (): WorkflowState => JSON.parse(JSON.stringify(workflow)) as WorkflowState;
