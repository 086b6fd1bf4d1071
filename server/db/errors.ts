import { isStaleStatement } from './stale-statements';

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

/** SQLSTATE classes and codes that mean "the database cannot serve right now", not "the request is wrong". */
const UNAVAILABLE_STATES = new Set(['57014', '57P01', '57P02', '57P03', '53300', '53400']);
const UNAVAILABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);
const UNAVAILABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Connection is closed|Client has encountered a connection error|MaxRetriesPerRequest/i;

/**
 * True when a failure comes from a part that is down or too slow (database restarting, a query over
 * its time limit, Redis unreachable), or from a named statement that another node's migration
 * outdated inside a transaction (`keepStatementsThroughMigrations`: renamed for the next try): the
 * answer is 503 "try again", and nothing was half-written because the transaction did not commit.
 */
export function isUnavailable(e: unknown): boolean {
  for (let err = e as { code?: unknown; message?: unknown; cause?: unknown; name?: unknown } | undefined, depth = 0; err && depth < 5; depth++) {
    if (typeof err.code === 'string' && (UNAVAILABLE_STATES.has(err.code) || err.code.startsWith('08') || UNAVAILABLE_NODE_CODES.has(err.code))) return true;
    if (typeof err.message === 'string' && UNAVAILABLE_MESSAGES.test(err.message)) return true;
    if (err.name === 'MaxRetriesPerRequestError') return true;
    if (isStaleStatement(err)) return true;
    err = err.cause as typeof err;
  }
  return false;
}
