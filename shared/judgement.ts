/**
 * Judgement rules (the original's, with appeals that end): the actions, the transition table, vote counting,
 * who may judge, and the appeal rules. Server and client both read them.
 */
import { hasAny } from './privileges';

export const JUDGE_ACTIONS = ['suspect', 'innocent', 'invalid', 'discuss', 'guilt', 'more', 'kill', 'farm'] as const;
export type JudgeAction = (typeof JUDGE_ACTIONS)[number];

/** The status each action leads to from an ordinary status. */
export const ACTION_TARGET: Record<JudgeAction, number> = { kill: 1, suspect: 2, innocent: 3, invalid: 4, discuss: 5, guilt: 6, more: 7, farm: 8 };

/** Actions that need cheat methods (and alone may carry a hacker level). */
const VERDICT_ACTIONS: readonly JudgeAction[] = ['guilt', 'kill'];
export const needsCheatMethods = (action: JudgeAction) => VERDICT_ACTIONS.includes(action);

/** Distinct admins whose consecutive guilt/kill votes confirm a case in status 6. */
export const PERSONS_TO_CONFIRM = 2;
/** Staff who must have viewed an appeal before its staff notification is cleared. */
export const PERSONS_TO_REVIEW = 2;

const JUDGE_ROLES = ['admin', 'super', 'root'] as const;
const KILL_ROLES = ['super', 'root'] as const;
export const mayJudge = (roles: readonly string[]) => hasAny(roles, JUDGE_ROLES);
export const mayUseAction = (roles: readonly string[], action: JudgeAction) => (action === 'kill' ? hasAny(roles, KILL_ROLES) : mayJudge(roles));

/**
 * The original's transition table for a case that is not under appeal. `confirmed` says
 * whether the guilt votes now reach PERSONS_TO_CONFIRM (only read in status 6).
 */
export function statusAfterJudgement(from: number, action: JudgeAction, confirmed: boolean): number {
  if (from === 9) return 9;
  if (action === 'guilt') {
    if (from === 1) return 1;
    if (from === 6) return confirmed ? 1 : 6;
    return 6;
  }
  if (action === 'discuss' && from === 6) return 6;
  return ACTION_TARGET[action];
}

export interface Vote {
  action: string | null;
  byUserId: number | null;
}

/**
 * The admins of the unbroken run of guilt/kill votes at the head of a case's judgements (newest
 * first): any other judgement breaks the run, and an admin counts once.
 */
export function confirmingVoters(newestFirst: readonly Vote[]): number[] {
  const voters: number[] = [];
  for (const v of newestFirst) {
    if (v.action !== 'guilt' && v.action !== 'kill') break;
    if (v.byUserId !== null && !voters.includes(v.byUserId)) voters.push(v.byUserId);
  }
  return voters;
}

/** A judgement or a report, newest first, as read for the cheat methods a confirmation carries. */
export interface MethodsSource {
  type: string;
  action: string | null;
  methods: readonly string[] | null;
}

/**
 * The cheat methods of a verdict no admin chose them for (the 7-day rule, an appeal failed back to
 * confirmed): those of the latest run of guilt/kill judgements, the votes that made the case a
 * cheater or a suspect; a case judged without any takes those its reports named.
 */
export function methodsOfLatestVerdicts(newestFirst: readonly MethodsSource[]): string[] {
  const voted = new Set<string>();
  let inRun = false;
  for (const e of newestFirst) {
    if (e.type !== 'judgement') continue;
    if (e.action === 'guilt' || e.action === 'kill') {
      inRun = true;
      for (const m of e.methods ?? []) voted.add(m);
    } else if (inRun) break;
  }
  if (voted.size) return [...voted];
  const reported = new Set<string>();
  for (const e of newestFirst) if (e.type === 'report') for (const m of e.methods ?? []) reported.add(m);
  return [...reported];
}

/**
 * The judgement that fails an appeal (`admin/setAppeal`, `viewBanAppeal` close) is the action of the
 * status the case returns to: `suspect` back to 2 (no vote of guilt while the case stays a suspect),
 * `guilt` with the confirmed methods back to 1.
 */
export const appealFailureAction = (statusBefore: number): JudgeAction => (statusBefore === 2 ? 'suspect' : 'guilt');

/**
 * Status 9 ends by a judgement (the original's never ended): guilt or kill fail the appeal (the case returns to
 * the status it had before it), innocent/farm/invalid/suspect accept it (the case takes that
 * action's status), discuss and more leave the appeal open.
 */
export type AppealOutcome = 'accept' | 'fail' | null;
export function appealOutcomeOf(action: JudgeAction): AppealOutcome {
  if (action === 'guilt' || action === 'kill') return 'fail';
  if (action === 'discuss' || action === 'more') return null;
  return 'accept';
}

/** The threat level a case keeps after a judgement: the one given (or kept) in statuses 1 and 6, the previous one in 2, none otherwise. */
export function hackerLevelAfter(status: number, given: number | null | undefined, previous: number | null): number | null {
  if (status === 1 || status === 6) return given ?? previous;
  if (status === 2) return previous;
  return null;
}

/** Appeal types; `none` is the original's spelling of `other`. */
export const APPEAL_TYPES = ['moss', 'farm', 'other', 'none'] as const;
export type AppealType = (typeof APPEAL_TYPES)[number];
/** An appeal may be filed from these statuses only. */
export const APPEALABLE_STATUSES: readonly number[] = [1, 2];
export const APPEAL_COOLDOWN_MS = 24 * 60 * 60 * 1000;
/** Who may appeal for any case: super, root, dev. */
export const APPEAL_FOR_ANY_ROLES = ['super', 'root', 'dev'] as const;

/** An appeal's state on the timeline. */
export const APPEAL_STATES = ['unprocessed', 'accept', 'fail', 'lock'] as const;
export type AppealState = (typeof APPEAL_STATES)[number];

/** The file a MOSS self-certification archive must contain. */
export const MOSS_LOG_NAME = 'logfile.log';
