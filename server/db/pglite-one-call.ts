import { createRequire } from 'node:module';
import { parse, type PGlite, type Results } from '@electric-sql/pglite';
import { Parser } from 'pg-protocol/dist/parser';
import type { BackendMessage } from 'pg-protocol/dist/messages';
import { closeMessages, extendedQueryMessages, simpleQueryMessage, type ParamValue } from './frontend-messages';

type Query = PGlite['query'];
type QueryOptions = NonNullable<Parameters<Query>[2]>;
type Transaction = Parameters<Parameters<PGlite['transaction']>[0]>[0];

/** node-postgres's own value preparation: the same text for a value in both run modes. */
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils') as { prepareValue: (value: unknown) => ParamValue };

/** How many statements a database keeps parsed; the least recently added is closed past it. */
const KEPT_STATEMENTS = 300;

/** How one statement goes: under which name, parsed first or not, after closing another to make room. */
interface Step {
  name: string;
  parse: boolean;
  close: string | null;
}

/**
 * The statements parsed on one database, by text: a statement sent again is bound by name, so the
 * server neither parses nor analyses it again (and may keep its plan, as for any prepared statement).
 */
class StatementNames {
  private readonly names = new Map<string, string>();
  private next = 0;
  take(text: string, params: number): Step {
    // A statement without parameters (a migration's, a transaction's own) is run once in a while: not kept.
    if (params === 0) return { name: '', parse: true, close: null };
    const known = this.names.get(text);
    if (known) return { name: known, parse: false, close: null };
    const name = `t${this.next++}`;
    let close: string | null = null;
    if (this.names.size >= KEPT_STATEMENTS) {
      const [oldText, oldName] = this.names.entries().next().value!;
      this.names.delete(oldText);
      close = oldName;
    }
    this.names.set(text, name);
    return { name, parse: true, close };
  }
  forget(text: string) {
    this.names.delete(text);
  }
}

/** (Close,) parse, bind, describe, execute and sync as one buffer: the server works through it in one pass. */
function extendedQuery(step: Step, text: string, params: unknown[]): Uint8Array {
  const values = params.map((value) => (value === null || value === undefined ? null : prepareValue(value)));
  return extendedQueryMessages({ close: step.close, parse: step.parse ? { name: step.name, text } : null, statement: step.name, values });
}

/** Above this size (bytes) an answer's buffer is not kept for the next call. */
const ANSWER_BUFFER_KEPT = 1 << 20;

/**
 * Where a database's answers are gathered as it writes them out (its own memory, reused by the next
 * call): one buffer per database, grown to the largest answer and kept up to `ANSWER_BUFFER_KEPT`.
 */
class AnswerBuffer {
  private buffer = Buffer.allocUnsafe(16 * 1024);
  private length = 0;
  add(chunk: Uint8Array) {
    if (this.length + chunk.length > this.buffer.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.length + chunk.length));
      this.buffer.copy(grown, 0, 0, this.length);
      this.buffer = grown;
    }
    this.buffer.set(chunk, this.length);
    this.length += chunk.length;
  }
  /** The answer gathered, for reading before the next call; then the buffer is empty again. */
  take(): Buffer {
    const answer = this.buffer.subarray(0, this.length);
    this.length = 0;
    if (this.buffer.length > ANSWER_BUFFER_KEPT) this.buffer = Buffer.allocUnsafe(16 * 1024);
    return answer;
  }
}

/**
 * The server's answer to one call, read by node-postgres's protocol parser once it is complete:
 * PGlite's own parser copied every field into a buffer of its own before decoding it, and took a
 * fifth of an embedded node's time on a timeline page. The parser keeps nothing of the buffer (text
 * fields are decoded into strings). As PGlite's does, it stops at the first error, which it throws.
 */
async function answerOf(client: PGlite, gathered: AnswerBuffer, message: Uint8Array): Promise<BackendMessage[]> {
  let answer: Buffer;
  try {
    await client.execProtocolRawStream(message, { syncToFs: false, onRawData: (chunk) => gathered.add(chunk) });
  } finally {
    answer = gathered.take();
  }
  const messages: BackendMessage[] = [];
  let error: BackendMessage | null = null;
  new Parser().parse(answer, (msg) => {
    if (error) return;
    if (msg.name === 'error') error = msg;
    else messages.push(msg);
  });
  if (error) throw error;
  return messages;
}

/** How a kept statement is planned: as PostgreSQL chooses, once without its values, or with them at each run. */
export type PlanMode = 'auto' | 'generic' | 'values';

/**
 * What a statement planned otherwise than PostgreSQL would choose is sent between: PGlite is one
 * session, so the setting holds for that statement alone (nothing else runs inside one call), and
 * is reset whether or not the statement failed (the reset comes after its Sync).
 */
const PLAN_MODE_ON = { generic: simpleQueryMessage('SET plan_cache_mode = force_generic_plan'), values: simpleQueryMessage('SET plan_cache_mode = force_custom_plan') };
const PLAN_MODE_OFF = simpleQueryMessage('RESET plan_cache_mode');

async function runInOneCall(client: PGlite, statements: StatementNames, gathered: AnswerBuffer, text: string, params: unknown[] | undefined, options: QueryOptions | undefined, mode: PlanMode = 'auto'): Promise<Results> {
  const step = statements.take(text, params?.length ?? 0);
  let messages;
  try {
    const statement = extendedQuery(step, text, params ?? []);
    messages = await answerOf(client, gathered, mode === 'auto' ? statement : Buffer.concat([PLAN_MODE_ON[mode], statement, PLAN_MODE_OFF]));
  } catch (error) {
    // The statement may not have been parsed: it is parsed afresh next time, under a new name
    // (closing a name the server does not hold is no error, and Close is taken in a failed transaction).
    statements.forget(text);
    if (step.name) await client.execProtocolStream(closeMessages(step.name), { syncToFs: false, throwOnError: false });
    // As PGlite's own query tells a failed statement: its text and values on the error.
    if (error && typeof error === 'object') Object.assign(error, { query: text, params, queryOptions: options });
    throw error;
  }
  if (!client.isInTransaction()) await client.syncToFs();
  // With the setting around it, the statement's result is the second of three (SET, it, RESET).
  return parse.parseResults(messages as unknown as Parameters<typeof parse.parseResults>[0], client.parsers, options)[mode === 'auto' ? 0 : 1]!;
}

/**
 * PGlite's query sends a statement's five protocol messages and the sync one call into the
 * database at a time, and asks for the parameters' types first to choose how to write each value:
 * six passes, each with its own bookkeeping, for one statement. Here they go as one buffer, and
 * values are written as node-postgres writes them (untyped text, the server infers the types as
 * it does for the PostgreSQL mode), so both modes send the same statement the same way. A
 * statement with parameters is kept parsed under a name (`StatementNames`): most of a statement's
 * time in PGlite was parsing and planning it again. PostgreSQL moves a kept statement to a generic
 * plan only where it estimates that plan no costlier than planning with the values. Queries still
 * wait for PGlite's own locks, as its query does. Results are PGlite's (`pglite-one-call.test.ts`).
 */
export function sendQueriesInOneCall(client: PGlite): { client: PGlite; planned: (mode: Exclude<PlanMode, 'auto'>) => Pick<PGlite, 'query' | 'transaction'> } {
  const statements = new StatementNames();
  const gathered = new AnswerBuffer();
  const query = (mode: PlanMode) =>
    (async (text: string, params?: unknown[], options?: QueryOptions) => {
      await client._checkReady();
      return client._runExclusiveTransaction(() => client._runExclusiveQuery(() => runInOneCall(client, statements, gathered, text, params, options, mode)));
    }) as Query;
  client.query = query('auto');
  const transaction = client.transaction.bind(client);
  client.transaction = ((fn: (tx: Transaction) => Promise<unknown>) =>
    transaction((tx) => {
      tx.query = (async (text: string, params?: unknown[], options?: QueryOptions) => {
        if (tx.closed) throw new Error('Transaction is closed');
        return client._runExclusiveQuery(() => runInOneCall(client, statements, gathered, text, params, options));
      }) as Query;
      return fn(tx);
    })) as PGlite['transaction'];
  // The same database, whose statements are planned in that mode (a transaction on it is an ordinary one).
  const planned = (mode: Exclude<PlanMode, 'auto'>) => ({ query: query(mode), transaction: ((fn: never) => client.transaction(fn)) as PGlite['transaction'] });
  return { client, planned };
}
