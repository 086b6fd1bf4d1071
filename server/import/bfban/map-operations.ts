import { issuesOf, type Mapped } from './issues';
import { intIn, textOrNull, timestampUtc } from './values';

export type OperationTarget = Record<string, unknown> & { id: number };

/** What operation_log.toUserId names, by its `role` (the kind of object). */
const CASE_ROLES = ['comment', 'appeal'];
/** operation_log columns are varchar(20): a value that long was probably cut. */
const CUT_AT = 20;

/**
 * operation_log (staff audit) -> the admin log, id kept. `byUserId` is text; `toUserId` is a user,
 * a case (comment and appeal edits) or `id,targetId` (bind transfers), cut at 20 characters.
 * The original's values stay in `detail.original`; what was cut is said so.
 */
export function mapOperation(raw: Record<string, unknown>): Mapped<OperationTarget> {
  const id = Number(raw.id);
  const issues = issuesOf('operation_log', id);
  let actorId = intIn(raw.byUserId, 1, 2_147_483_647);
  if (actorId === null) {
    issues.adjust('byUserId', raw.byUserId, 'not a user id: actor 0 (unknown)');
    actorId = 0;
  }
  const action = textOrNull(raw.action) ?? '';
  const role = textOrNull(raw.role) ?? '';
  const to = textOrNull(raw.toUserId) ?? '';
  const createTime = timestampUtc(raw.createTime);
  if (!createTime) issues.refuse('createTime', raw.createTime, 'no time');
  if (!action) issues.refuse('action', raw.action, 'no action');
  const [first, second] = to.split(',');
  const target = intIn(first, 1, 2_147_483_647);
  const cut = [action, to, role].some((v) => v.length >= CUT_AT);
  if (issues.refused) return { row: null, issues: issues.list };
  return {
    row: {
      id,
      actor_id: actorId,
      action: action.slice(0, 48),
      target_user_id: CASE_ROLES.includes(role) ? null : target,
      target_case_id: CASE_ROLES.includes(role) ? target : null,
      target_entry_id: null,
      detail: { importedFrom: 'bfban', role, original: { byUserId: raw.byUserId ?? null, toUserId: to, action }, ...(second !== undefined ? { otherId: second } : {}), ...(cut ? { truncated: true } : {}) },
      create_time: createTime!.toISOString(),
    },
    issues: issues.list,
  };
}
