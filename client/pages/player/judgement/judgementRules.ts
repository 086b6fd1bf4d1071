import { ACTION_TARGET, appealOutcomeOf, JUDGE_ACTIONS, mayUseAction, needsCheatMethods, PERSONS_TO_CONFIRM, type JudgeAction } from '@shared/judgement';
import { LIMITS } from '@shared/limits';
import { judgementBody } from '@shared/schemas/judgement';
import { plainText } from '@shared/spam';
import type { VoteTally } from '@shared/types/cases';

/** What the judgement form holds before it is sent (`judgementBody`, shared/schemas/judgement.ts). */
export interface JudgementDraft {
  action: JudgeAction | '';
  cheatMethods: readonly string[];
  hackerLevel: number | null;
  /** The editor's HTML. */
  content: string;
}

/**
 * The hint under the verdict choice, as a translation key and its status value: under appeal, what
 * the verdict does to the appeal (always shown); otherwise what the case becomes, only with the
 * judgement tips on (the `judgementTip` local flag).
 */
export function verdictHint(action: JudgeAction | '', { appeal, tips }: { appeal: boolean; tips: boolean }): { key: string; status?: number } | null {
  if (appeal && action) {
    const outcome = appealOutcomeOf(action);
    return { key: outcome ? `judgement.appealOutcome.${outcome}` : 'judgement.appealOutcome.none' };
  }
  if (!tips) return null;
  if (!action) return { key: 'judgement.actionHint' };
  return { key: `judgement.actionHints.${action}`, status: ACTION_TARGET[action] };
}

export const EMPTY_JUDGEMENT: JudgementDraft = { action: '', cheatMethods: [], hackerLevel: null, content: '' };

/** The actions this viewer may choose: `kill` only for super and root. */
export const actionsFor = (roles: readonly string[]) => JUDGE_ACTIONS.filter((action) => mayUseAction(roles, action));

/** Hacker levels 1-4 are listed; only the top one may be chosen. */
export const HACKER_LEVELS = [1, 2, 3, 4] as const;
export const isSelectableLevel = (level: number) => level === 4;

/** Which fields the form shows for an action: methods for verdicts, the hacker level once methods are chosen. */
export function judgementFields(draft: Pick<JudgementDraft, 'action' | 'cheatMethods'>) {
  const methods = draft.action !== '' && needsCheatMethods(draft.action);
  return { cheatMethods: methods, hackerLevel: methods && draft.cheatMethods.length > 0 };
}

export type JudgementField = 'action' | 'cheatMethods' | 'hackerLevel' | 'content' | 'form';
/** Keys under `judgement.errors.`. */
export type JudgementProblem = 'fillEverything' | 'actionRequired' | 'notAllowed' | 'methodsRequired' | 'levelNotSelectable' | 'contentRequired' | 'tooShort' | 'tooLong';

/** The request body the draft makes: methods and level only where they belong. */
export function judgementPayload(draft: JudgementDraft, toPlayerId: number) {
  const fields = judgementFields(draft);
  return {
    toPlayerId,
    action: draft.action as JudgeAction,
    content: draft.content,
    cheatMethods: fields.cheatMethods ? [...draft.cheatMethods] : null,
    hackerLevel: fields.hackerLevel ? draft.hackerLevel : null,
  };
}

/** Characters a reader sees: the rule "at least 5" counts these, not the markup. */
const visibleLength = (html: string) => plainText(html).trim().length;

/**
 * The first problem of each field, in the form's own words: everything empty asks to
 * fill everything; otherwise action, methods for guilt and kill, and a reasoning of 5 to 60000
 * characters. The shared request schema has the last word, as the server uses it too.
 */
export function judgementProblems(draft: JudgementDraft, roles: readonly string[], toPlayerId = 1): Partial<Record<JudgementField, JudgementProblem>> {
  const problems: Partial<Record<JudgementField, JudgementProblem>> = {};
  if (!draft.action && !draft.cheatMethods.length && !visibleLength(draft.content)) return { form: 'fillEverything' };
  const fields = judgementFields(draft);
  if (!draft.action) problems.action = 'actionRequired';
  else if (!mayUseAction(roles, draft.action)) problems.action = 'notAllowed';
  if (fields.cheatMethods && !draft.cheatMethods.length) problems.cheatMethods = 'methodsRequired';
  if (fields.hackerLevel && draft.hackerLevel !== null && !isSelectableLevel(draft.hackerLevel)) problems.hackerLevel = 'levelNotSelectable';
  const length = visibleLength(draft.content);
  if (!length) problems.content = 'contentRequired';
  else if (length < LIMITS.judgementMin) problems.content = 'tooShort';
  else if (draft.content.length > LIMITS.judgementMax) problems.content = 'tooLong';
  if (Object.keys(problems).length) return problems;

  const parsed = judgementBody.safeParse({ data: judgementPayload(draft, toPlayerId) });
  if (parsed.success) return problems;
  for (const issue of parsed.error.issues) {
    const field = issue.path.at(-1);
    if (field === 'cheatMethods') problems.cheatMethods ??= 'methodsRequired';
    else if (field === 'content') problems.content ??= draft.content.length > LIMITS.judgementMax ? 'tooLong' : 'tooShort';
    else if (field === 'action') problems.action ??= 'actionRequired';
    else problems.form ??= 'fillEverything';
  }
  return problems;
}

/** The running tally while a case waits for votes (status 6): "1 of 2 votes to confirm"; null otherwise. */
export function tallyLine(tally: VoteTally | null, status: number): { count: number; needed: number; voters: string[] } | null {
  if (status !== 6) return null;
  const needed = tally?.needed ?? PERSONS_TO_CONFIRM;
  const voters = tally && tally.status === 6 ? tally.voters : [];
  return { count: Math.min(voters.length, needed), needed, voters: voters.map((v) => v.username ?? `#${v.id}`) };
}
