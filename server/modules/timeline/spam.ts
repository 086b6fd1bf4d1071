import { and, desc, eq } from 'drizzle-orm';
import { distance } from 'fastest-levenshtein';
import { DUPLICATE_SIMILARITY, hasRepeatedRun, plainText } from '@shared/spam';
import type { ErrorCode } from '@shared/errors';
import { timeline, type TimelineRow } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';
import { AppError } from '@server/http/errors';

/** Any character repeated 8 times or more in a row (reference §2). */
export function assertNotSpam(html: string, code: ErrorCode) {
  if (hasRepeatedRun(plainText(html))) throw new AppError(code, 'the text repeats one character too often');
}

function similarity(a: string, b: string): number {
  if (!a.length && !b.length) return 1;
  return 1 - distance(a, b) / Math.max(a.length, b.length);
}

/** Refuses a text at least 96 % like the author's previous entry of that type on the case. */
export async function assertNotDuplicate(db: DbOrTx, playerId: number, userId: number, type: TimelineRow['type'], html: string, code: ErrorCode) {
  const [prev] = await db
    .select({ content: timeline.content })
    .from(timeline)
    .where(and(eq(timeline.playerId, playerId), eq(timeline.byUserId, userId), eq(timeline.type, type)))
    .orderBy(desc(timeline.id))
    .limit(1);
  if (prev && similarity(plainText(prev.content), plainText(html)) >= DUPLICATE_SIMILARITY) throw new AppError(code, 'Duplicate submission', 409);
}
