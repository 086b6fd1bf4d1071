import { proxy, subscribe, useSnapshot } from 'valtio';
import { JUDGE_ACTIONS, type JudgeAction } from '@shared/judgement';

/**
 * Staff's local templates (local-only data): fast replies for
 * replies and judgements, and judgement templates that also pick the action. They live in this
 * browser only.
 */
export interface Template {
  id: string;
  title: string;
  /** Plain text, one paragraph a line. */
  content: string;
  /** Judgement templates: the action they pick. */
  action?: JudgeAction;
  /** The interface language it was written in. */
  language?: string;
  createTime: number;
  updateTime: number;
}

export type TemplateKind = 'fastReply' | 'judgement';

export const TEMPLATE_LIMITS = { count: 10, titleMax: 100, contentMax: 500 } as const;

export interface TemplateDraft {
  title: string;
  content: string;
  action?: JudgeAction | '';
}

export type TemplateField = 'title' | 'content' | 'action' | 'form';
/** Keys under `judgement.templates.errors.`. */
export type TemplateProblem = 'titleRequired' | 'titleTooLong' | 'titleTaken' | 'contentRequired' | 'contentTooLong' | 'actionRequired' | 'tooMany';

const sameTitle = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/** What keeps a draft from being saved into `list` (as a new template, or over the one `editingId` names). */
export function templateProblems(kind: TemplateKind, list: readonly Template[], draft: TemplateDraft, editingId?: string): Partial<Record<TemplateField, TemplateProblem>> {
  const problems: Partial<Record<TemplateField, TemplateProblem>> = {};
  const title = draft.title.trim();
  const content = draft.content.trim();
  if (!editingId && list.length >= TEMPLATE_LIMITS.count) problems.form = 'tooMany';
  if (!title) problems.title = 'titleRequired';
  else if (title.length > TEMPLATE_LIMITS.titleMax) problems.title = 'titleTooLong';
  else if (list.some((t) => t.id !== editingId && sameTitle(t.title, title))) problems.title = 'titleTaken';
  if (!content) problems.content = 'contentRequired';
  else if (content.length > TEMPLATE_LIMITS.contentMax) problems.content = 'contentTooLong';
  if (kind === 'judgement' && !(JUDGE_ACTIONS as readonly string[]).includes(draft.action ?? '')) problems.action = 'actionRequired';
  return problems;
}

let counter = 0;
const newId = (now: number) => `${now.toString(36)}-${(counter++).toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

/**
 * The list with the draft saved (added at the end, or replacing the one `editingId` names), or
 * the problems that keep it out.
 */
export function saveTemplate(
  kind: TemplateKind,
  list: readonly Template[],
  draft: TemplateDraft,
  { editingId, now = Date.now(), language }: { editingId?: string; now?: number; language?: string } = {},
): { ok: true; list: Template[] } | { ok: false; problems: Partial<Record<TemplateField, TemplateProblem>> } {
  const problems = templateProblems(kind, list, draft, editingId);
  if (Object.keys(problems).length) return { ok: false, problems };
  const fields = { title: draft.title.trim(), content: draft.content.trim(), ...(kind === 'judgement' ? { action: draft.action as JudgeAction } : {}) };
  if (editingId) return { ok: true, list: list.map((t) => (t.id === editingId ? { ...t, ...fields, updateTime: now } : t)) };
  return { ok: true, list: [...list, { id: newId(now), ...fields, language, createTime: now, updateTime: now }] };
}

export const deleteTemplate = (list: readonly Template[], id: string) => list.filter((t) => t.id !== id);

const isTemplate = (kind: TemplateKind, v: unknown): v is Template => {
  const t = v as Template;
  return (
    !!t &&
    typeof t.id === 'string' &&
    typeof t.title === 'string' &&
    typeof t.content === 'string' &&
    (kind !== 'judgement' || (JUDGE_ACTIONS as readonly string[]).includes(t.action ?? ''))
  );
};

/** A saved list, without damaged entries, duplicate titles or anything past the limits. */
export function parseTemplates(kind: TemplateKind, raw: string | null): Template[] {
  let saved: unknown;
  try {
    saved = JSON.parse(raw ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(saved)) return [];
  const list: Template[] = [];
  for (const item of saved) {
    if (!isTemplate(kind, item) || list.some((t) => sameTitle(t.title, item.title))) continue;
    list.push({
      ...item,
      title: item.title.slice(0, TEMPLATE_LIMITS.titleMax),
      content: item.content.slice(0, TEMPLATE_LIMITS.contentMax),
      createTime: Number(item.createTime) || 0,
      updateTime: Number(item.updateTime) || 0,
    });
    if (list.length === TEMPLATE_LIMITS.count) break;
  }
  return list;
}

const STORAGE_KEYS: Record<TemplateKind, string> = { fastReply: 'tribunal:fastReplies', judgement: 'tribunal:judgementTemplates' };

function read(kind: TemplateKind) {
  try {
    return parseTemplates(kind, localStorage.getItem(STORAGE_KEYS[kind]));
  } catch {
    return [];
  }
}

export const templates = proxy<Record<TemplateKind, Template[]>>({ fastReply: [], judgement: [] });

let watching = false;
/** Loads the templates the first time a form (or the export) needs them, and saves every change. */
export function watchTemplates() {
  if (watching) return;
  watching = true;
  templates.fastReply = read('fastReply');
  templates.judgement = read('judgement');
  subscribe(templates, () => {
    for (const kind of ['fastReply', 'judgement'] as const) {
      try {
        localStorage.setItem(STORAGE_KEYS[kind], JSON.stringify(templates[kind]));
      } catch {
        // Private mode or full storage: the templates last for this page only.
      }
    }
  });
  // Another tab changed them.
  window.addEventListener('storage', (e) => {
    if (e.key === STORAGE_KEYS.fastReply) templates.fastReply = read('fastReply');
    if (e.key === STORAGE_KEYS.judgement) templates.judgement = read('judgement');
  });
}

export function useTemplates(kind: TemplateKind) {
  watchTemplates();
  return useSnapshot(templates)[kind];
}

export function setTemplates(kind: TemplateKind, list: Template[]) {
  watchTemplates();
  templates[kind] = list;
}
