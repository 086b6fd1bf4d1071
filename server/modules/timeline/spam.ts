import { sql } from 'drizzle-orm';
import { distance } from 'fastest-levenshtein';
import { DUPLICATE_SIMILARITY, hasRepeatedRun, plainText } from '@shared/spam';
import type { ErrorCode } from '@shared/errors';
import { timeline, type TimelineRow } from '@server/db/schema';
import { AppError } from '@server/app-error';

/** Any character repeated 8 times or more in a row (the original's spam rule). */
export function assertNotSpam(html: string, code: ErrorCode) {
  if (hasRepeatedRun(plainText(html))) throw new AppError(code, 'the text repeats one character too often');
}

function similarity(a: string, b: string): number {
  if (!a.length && !b.length) return 1;
  return 1 - distance(a, b) / Math.max(a.length, b.length);
}

/** The author's newest entry of `type` on the case (its text), for `assertNotDuplicate`; read under the case's lock. */
export const previousEntrySql = (playerId: number, userId: number, type: TimelineRow['type']) =>
  sql<string | null>`select ${timeline.content} from ${timeline} where ${timeline.playerId} = ${playerId} and ${timeline.byUserId} = ${userId} and ${timeline.type} = ${type} order by ${timeline.id} desc limit 1`;

/** Refuses a text at least 96 % like the author's previous entry of that type on the case (`previousEntrySql`). */
export function assertNotDuplicate(previous: string | null, html: string, code: ErrorCode) {
  if (previous !== null && similarity(plainText(previous), plainText(html)) >= DUPLICATE_SIMILARITY) throw new AppError(code, 'Duplicate submission', 409);
}
