import type pg from 'pg';

/** How many statement texts one pool keeps parsed on each of its connections (they are never closed). */
export const KEPT_STATEMENTS_PER_POOL = 300;
/** Texts seen once, remembered until a second sight names them; forgotten all at once past this. */
const SEEN_ONCE_LIMIT = 5_000;

/**
 * PostgreSQL's answer when a kept statement's `*` now means other columns (another node migrated):
 * told by its code and the routine raising it, which no translation of the message changes.
 */
const STALE_RESULT_TYPE = { code: '0A000', routine: 'RevalidateCachedQuery' };

/**
 * Names for the statements of one pool, by text. A text with parameters gets a name the second time
 * it is run: from then on each connection parses it once and binds it by name after. Queries given
 * a name of their own (`prepared`), or the empty name (`UNNAMED`: planned with its values at each
 * run), are left as they are.
 */
export class KeptStatementNames {
  private readonly names = new Map<string, string>();
  private readonly seenOnce = new Set<string>();
  private issued = 0;

  nameFor(text: string): string | undefined {
    const known = this.names.get(text);
    if (known !== undefined) return known;
    if (this.issued >= KEPT_STATEMENTS_PER_POOL) return undefined;
    if (!this.seenOnce.has(text)) {
      if (this.seenOnce.size >= SEEN_ONCE_LIMIT) this.seenOnce.clear();
      this.seenOnce.add(text);
      return undefined;
    }
    this.seenOnce.delete(text);
    const name = `k${this.issued++}`;
    this.names.set(text, name);
    return name;
  }

  /** The text is parsed under a new name next time (the old one stays on the connections that hold it). */
  forget(text: string) {
    this.names.delete(text);
    this.seenOnce.add(text);
  }
}

interface QueryConfig {
  text?: unknown;
  name?: unknown;
  values?: unknown;
  submit?: unknown;
}
type Callback = (error: Error | null, result: unknown) => void;

/** The text to name, or null: plain configs without a name, with parameters, as drizzle sends them. */
function nameableText(config: unknown, values: unknown): string | null {
  if (typeof config !== 'object' || config === null) return null;
  const c = config as QueryConfig;
  if (c.name !== undefined || typeof c.text !== 'string' || typeof c.submit === 'function') return null;
  const params = Array.isArray(values) ? values : c.values;
  return Array.isArray(params) && params.length > 0 ? c.text : null;
}

/** A kept statement outdated by a migration: it is parsed afresh on its next run, so trying again works. */
export function isOutdatedKeptStatement(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, routine } = error as { code?: unknown; routine?: unknown };
  return code === STALE_RESULT_TYPE.code && routine === STALE_RESULT_TYPE.routine;
}

/**
 * A node-postgres client class whose statements with parameters are kept parsed by name on each
 * connection (`KeptStatementNames`): PostgreSQL's parse and analysis of a reply's statements was
 * about half their round-trip time. As for any prepared statement, PostgreSQL moves a statement to a
 * generic plan only where it estimates that plan no costlier than planning with the values; the
 * read paths whose plans depend on their values already say `UNNAMED`. A kept statement whose
 * result columns changed under it (a `returning *` after a migration adds a column) fails once with
 * 0A000; its text is then parsed afresh under a new name.
 */
export function clientKeepingStatements(Base: typeof pg.Client, names: KeptStatementNames): typeof pg.Client {
  class KeepingClient extends Base {
    // node-postgres's query has many overloads; this one passes every call through unchanged but the name.
    query(config: unknown, values?: unknown, callback?: unknown): never {
      const run = (c: unknown, v?: unknown, cb?: unknown) => super.query(c as never, v as never, cb as never) as never;
      const text = nameableText(config, values);
      const name = text === null ? undefined : names.nameFor(text);
      if (text === null || name === undefined) return run(config, values, callback);
      const named = { ...(config as object), name };
      const forgetIfOutdated = (error: unknown) => {
        if (isOutdatedKeptStatement(error)) names.forget(text);
      };
      if (typeof callback === 'function') {
        return run(named, values, (error: Error | null, result: unknown) => {
          forgetIfOutdated(error);
          (callback as Callback)(error, result);
        });
      }
      return (run(named, values) as Promise<unknown>).catch((error: unknown) => {
        forgetIfOutdated(error);
        throw error;
      }) as never;
    }
  }
  return KeepingClient as unknown as typeof pg.Client;
}
