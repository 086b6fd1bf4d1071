import type { CaseKey } from '@client/api/cases';

const DIGITS = /^\d{1,20}$/;

/**
 * The case an `/player/:ouid` address names. `ouid` is a persona id, or the dotted
 * `personaId.userId.dbId`; the first usable part wins in that order. Old-site addresses
 * (`/cheaters/:ouid`, which arrive with `?oldUrl`) carry the platform user id instead.
 */
export function caseKeyOfOuid(ouid: string, oldUrl = false): CaseKey | null {
  const [first = '', userId = '', dbId = ''] = ouid.trim().split('.');
  if (DIGITS.test(first)) return oldUrl ? { userId: first } : { personaId: first };
  if (DIGITS.test(userId)) return { userId };
  const db = Number(dbId);
  if (DIGITS.test(dbId) && db > 0 && db <= 2_147_483_647) return { dbId: db };
  return null;
}
