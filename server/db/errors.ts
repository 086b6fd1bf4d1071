/**
 * The constraint a statement broke when it failed on a unique index (SQLSTATE 23505), else null.
 * Checks stay in front of writes, but two requests racing past the same check meet here: the
 * loser must get the same answer the check would have given, never a 500.
 */
export function uniqueViolation(e: unknown): string | null {
  for (let err = e as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined, depth = 0; err && depth < 5; depth++) {
    if (err.code === '23505') return typeof err.constraint === 'string' ? err.constraint : '';
    err = err.cause as typeof err;
  }
  return null;
}
