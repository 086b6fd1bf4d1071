import { z } from 'zod';
import { JUDGE_ACTIONS } from '@shared/judgement';
import { LANGUAGE_CODES, TEXT_SIZES, THEMES } from '@shared/languages';
import { history, historyEntrySchema, HISTORY_MAX, normalizeHistory, type HistoryEntry } from './history';
import { DEFAULT_FLAGS, LOCAL_FLAGS, localFlags, type LocalFlag, type LocalFlags } from './localFlags';
import { chooseLanguage, preferences, type Preferences } from './preferences';
import { TEMPLATE_LIMITS, templates, watchTemplates, type Template } from './templates';
import { TIMELINE_FILTERS, saveFilter, savedFilter, type TimelineFilter } from './timelineFilter';
import { DEFAULT_VOICE, voice, voiceSettingsSchema, type VoiceSettings } from './voice';
import { cardCount, commitWorkflow, validateWorkflow, workflowSchema, workflowSnapshot } from './workflow';

/**
 * One file with everything this browser keeps for the user (the profile's export and import): display
 * preferences, the local flags, voice settings, the timeline filter, staff templates, the
 * history and the workflow board. Versioned, so a later format can still read this one: version 2
 * added the board (`workflow`); version 1 files still import and leave the board as it is.
 */
export const BACKUP_FORMAT = 'tribunal-local-data';
export const BACKUP_VERSION = 2;

const templateBase = z.object({
  id: z.string().min(1).max(100),
  title: z.string().trim().min(1).max(TEMPLATE_LIMITS.titleMax),
  content: z.string().trim().min(1).max(TEMPLATE_LIMITS.contentMax),
  action: z.enum(JUDGE_ACTIONS).optional(),
  language: z.string().max(20).optional(),
  createTime: z.number().nonnegative(),
  updateTime: z.number().nonnegative(),
});
/** Judgement templates also pick the verdict. */
const judgementTemplate = templateBase.extend({ action: z.enum(JUDGE_ACTIONS) });

const uniqueTitles = (list: readonly { title: string }[]) => new Set(list.map((t) => t.title.trim().toLocaleLowerCase())).size === list.length;

const templateList = <T extends z.ZodType<{ title: string }>>(item: T) => z.array(item).max(TEMPLATE_LIMITS.count).refine(uniqueTitles, 'duplicate template titles');

/** Flags as a file holds them: unknown keys dropped, missing ones default. */
const localFlagsSchema = z.object(Object.fromEntries(LOCAL_FLAGS.map((flag) => [flag, z.boolean().optional()])) as Record<LocalFlag, z.ZodOptional<z.ZodBoolean>>);

export const backupSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.union([z.literal(1), z.literal(BACKUP_VERSION)]),
  exportedAt: z.iso.datetime(),
  preferences: z.object({
    theme: z.enum(THEMES),
    textSize: z.enum(TEXT_SIZES),
    language: z.enum(LANGUAGE_CODES).nullable(),
    desktopNotification: z.boolean(),
  }),
  flags: localFlagsSchema,
  voice: voiceSettingsSchema,
  timelineFilter: z.enum(TIMELINE_FILTERS).optional(),
  templates: z.object({ fastReply: templateList(templateBase), judgement: templateList(judgementTemplate) }),
  history: z.array(historyEntrySchema).max(HISTORY_MAX),
  /** Since version 2: the workflow board (repaired on import, see `validateWorkflow`). */
  workflow: workflowSchema.optional(),
});

export type Backup = z.infer<typeof backupSchema>;

/** Everything as it is now. */
export function collectBackup(now = new Date()): Backup {
  watchTemplates();
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    exportedAt: now.toISOString(),
    preferences: { theme: preferences.theme, textSize: preferences.textSize, language: preferences.language, desktopNotification: preferences.desktopNotification },
    flags: { ...localFlags },
    voice: { ...voice },
    timelineFilter: savedFilter(),
    templates: { fastReply: templates.fastReply.map((t) => ({ ...t })), judgement: templates.judgement.flatMap((t) => (t.action ? [{ ...t, action: t.action }] : [])) },
    history: history.list.map((e) => ({ ...e })),
    workflow: workflowSnapshot(),
  };
}

export const backupFileName = (now = new Date()) => `tribunal-local-data-${now.toISOString().slice(0, 10)}.json`;

/** Why a file cannot be imported (keys under `profile.backup.problems.`). */
export type BackupProblem = 'notJson' | 'notBackup' | 'newerVersion' | 'invalid' | 'tooBig';

export const BACKUP_MAX_BYTES = 1024 * 1024;

/** Reads a chosen file's text: the backup, or why it is refused (with where, for `invalid`). */
export function parseBackup(text: string): { ok: true; backup: Backup } | { ok: false; problem: BackupProblem; detail?: string } {
  if (text.length > BACKUP_MAX_BYTES) return { ok: false, problem: 'tooBig' };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'notJson' };
  }
  if (!data || typeof data !== 'object' || (data as { format?: unknown }).format !== BACKUP_FORMAT) return { ok: false, problem: 'notBackup' };
  const version = (data as { version?: unknown }).version;
  if (typeof version === 'number' && version > BACKUP_VERSION) return { ok: false, problem: 'newerVersion' };
  const parsed = backupSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, problem: 'invalid', detail: issue.path.join('.') || issue.message };
  }
  return { ok: true, backup: parsed.data };
}

/** What an import would replace, part by part: how many items now and in the file. */
export interface BackupChange {
  part: 'preferences' | 'flags' | 'voice' | 'fastReply' | 'judgement' | 'history' | 'workflow';
  /** For lists: item counts; for settings: how many values differ. */
  current: number;
  incoming: number;
  changed: boolean;
}

const differing = <T extends object>(a: T, b: Partial<T>) => (Object.keys(b) as (keyof T)[]).filter((k) => b[k] !== undefined && a[k] !== b[k]).length;

export function describeImport(backup: Backup, now: Backup = collectBackup()): BackupChange[] {
  const list = (part: 'fastReply' | 'judgement' | 'history' | 'workflow', current: readonly unknown[], incoming: readonly unknown[]): BackupChange => ({
    part,
    current: current.length,
    incoming: incoming.length,
    changed: JSON.stringify(current) !== JSON.stringify(incoming),
  });
  const settings = (part: 'preferences' | 'flags' | 'voice', current: object, incoming: object): BackupChange => {
    const n = differing(current as Record<string, unknown>, incoming as Record<string, unknown>);
    return { part, current: n, incoming: n, changed: n > 0 };
  };
  return [
    settings('preferences', { ...now.preferences, timelineFilter: now.timelineFilter }, { ...backup.preferences, timelineFilter: backup.timelineFilter }),
    settings('flags', now.flags, { ...DEFAULT_FLAGS, ...backup.flags }),
    settings('voice', now.voice, { ...DEFAULT_VOICE, ...backup.voice }),
    list('fastReply', now.templates.fastReply, backup.templates.fastReply),
    list('judgement', now.templates.judgement, backup.templates.judgement),
    list('history', now.history, normalizeHistory(backup.history)),
    // A file without a board (version 1) leaves the board as it is.
    ...(backup.workflow && now.workflow
      ? [{ ...list('workflow', [], []), current: cardCount(now.workflow), incoming: cardCount(backup.workflow), changed: JSON.stringify(now.workflow) !== JSON.stringify(backup.workflow) }]
      : []),
  ];
}

/** Replaces everything with the file's content (after the user confirmed). */
export function applyBackup(backup: Backup) {
  watchTemplates();
  const language = preferences.language;
  Object.assign(preferences, backup.preferences satisfies Preferences);
  Object.assign(localFlags, { ...DEFAULT_FLAGS, ...backup.flags } satisfies LocalFlags);
  Object.assign(voice, { ...DEFAULT_VOICE, ...backup.voice } satisfies VoiceSettings);
  if (backup.timelineFilter) saveFilter(backup.timelineFilter satisfies TimelineFilter);
  templates.fastReply = backup.templates.fastReply as Template[];
  templates.judgement = backup.templates.judgement as Template[];
  history.list = normalizeHistory(backup.history as HistoryEntry[]);
  if (backup.workflow) {
    const board = validateWorkflow(backup.workflow);
    if (board.ok) commitWorkflow(board.state);
  }
  if (backup.preferences.language && backup.preferences.language !== language) void chooseLanguage(backup.preferences.language);
}
