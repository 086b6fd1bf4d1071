/**
 * A batch the database refused, told by table and row keys with the database's own reason. The
 * error the driver throws carries the statement and its parameters (the batch's rows: password
 * hashes, e-mail addresses, megabytes of them), so nothing of it but the reason is kept.
 */
export function batchFailure(table: string, firstKey: unknown, lastKey: unknown, e: unknown): Error {
  return new Error(`${table}: the batch of rows ${String(firstKey)} to ${String(lastKey)} was not written: ${databaseReason(e)}`);
}

/**
 * The database server's message, detail, error code and constraint, never the query or its
 * parameters. A detail holding a row's values (`Failing row contains (…)`, `Key (email)=(…)` of
 * unique and foreign keys) is left out: the constraint and column name what failed.
 */
export function databaseReason(e: unknown): string {
  let err: unknown = e;
  // The query builder wraps the driver's error as `cause`; its own message is the query with its parameters.
  while (err instanceof Error && err.cause !== undefined && err.cause !== err) err = err.cause;
  const db = err as { message?: unknown; detail?: unknown; code?: unknown; constraint?: unknown; column?: unknown };
  const message = typeof db?.message === 'string' ? db.message : '';
  if (!message || message.startsWith('Failed query')) return 'the database gave no reason';
  const detail = typeof db.detail === 'string' && !/^(Key \(|Failing row)/.test(db.detail) ? ` ${db.detail.slice(0, 300)}` : '';
  const extra = [typeof db.code === 'string' ? `SQLSTATE ${db.code}` : null, typeof db.constraint === 'string' ? `constraint ${db.constraint}` : null, typeof db.column === 'string' ? `column ${db.column}` : null].filter(Boolean);
  return `${message.split('\n')[0]!.slice(0, 300)}${detail}${extra.length ? ` (${extra.join(', ')})` : ''}`;
}
