import { Worker } from 'node:worker_threads';
import { Mutex, PGlite, protocol } from '@electric-sql/pglite';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];
type ExecOptions = NonNullable<Parameters<PGlite['execProtocolStream']>[1]>;

interface Answer {
  id: number;
  value?: unknown;
  error?: Record<string, unknown> & { message: string };
}

/**
 * PGlite's query, exec, transaction and array-type set-up, written once in its base class over a few
 * primitives (send protocol messages, take its locks). PGlite's own worker client builds on it the
 * same way; the class is not exported by name.
 */
const BasePGlite = Object.getPrototypeOf(PGlite.prototype).constructor as new () => {
  parsers: PGlite['parsers'];
  serializers: PGlite['serializers'];
  _initArrayTypes(): Promise<void>;
};

const SYNC = 0x53;
const READY = 0x5a;
/** ReadyForQuery: 'Z', its length (5), the transaction status. */
const READY_LENGTH = 6;

function isLoneSync(message: Uint8Array): boolean {
  return message.length === 5 && message[0] === SYNC && message[4] === 4;
}

/** Whether an answer ends with ReadyForQuery: nothing it asked for is still pending. */
function endsReady(answer: Uint8Array): boolean {
  const at = answer.length - READY_LENGTH;
  return at >= 0 && answer[at] === READY && answer[at + 1] === 0 && answer[at + 2] === 0 && answer[at + 3] === 0 && answer[at + 4] === 5;
}

/** An error PGlite's thread sent back, as it was thrown there. */
function errorFrom(answer: NonNullable<Answer['error']>): Error {
  return Object.assign(new Error(answer.message), answer);
}

/**
 * The embedded database on a thread of its own (`pglite-thread-worker.mjs`): the statements' work
 * (about half of a reply's CPU, most of a read's) runs beside the event loop instead of on it, so
 * requests, socket fan-out and the database overlap on the machine's cores. This side speaks to it in
 * protocol messages and answers like PGlite: its locks are taken here, its answers parsed here with
 * PGlite's own parser, and query/transaction/exec are PGlite's (its base class). After each
 * statement that leaves no transaction open the thread syncs the files, as PGlite's query does.
 */
export class PGliteThread extends BasePGlite {
  readonly debug = 0;
  /** Started, and PGlite's array types read (which itself queries, so statements wait only for `started`). */
  readonly waitReady: Promise<void>;
  private readonly started: Promise<unknown>;
  private readonly worker: Worker;
  private readonly waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private readonly queryLock = new Mutex();
  private readonly transactionLock = new Mutex();
  private readonly parser = new protocol.Parser();
  private nextId = 1;
  private inTransaction = false;
  /** The last answer's closing ReadyForQuery, while nothing is pending since. */
  private lastReady: Uint8Array | null = null;
  private closedAlready = false;
  private ended: Error | null = null;

  constructor(options: { dataDir?: string; loadDataDir?: Uint8Array }) {
    super();
    this.worker = new Worker(new URL('./pglite-thread-worker.mjs', import.meta.url), {
      workerData: { dataDir: options.dataDir, loadDataDir: options.loadDataDir },
      transferList: options.loadDataDir ? [options.loadDataDir.buffer as ArrayBuffer] : [],
      // The thread needs no TypeScript loader or flags of the server's own.
      execArgv: [],
    });
    this.started = new Promise<unknown>((resolve, reject) => this.waiting.set(0, { resolve, reject }));
    this.worker.on('message', (answer: Answer) => this.settle(answer));
    this.worker.on('error', (error) => this.end(error));
    this.worker.on('exit', (code) => this.end(new Error(`the embedded database's thread ended (code ${code})`)));
    this.waitReady = this.started.then(() => this._initArrayTypes());
  }

  get closed() {
    return this.closedAlready;
  }

  private settle(answer: Answer) {
    const waiter = this.waiting.get(answer.id);
    if (!waiter) return;
    this.waiting.delete(answer.id);
    if (this.waiting.size === 0) this.worker.unref();
    if (answer.error) waiter.reject(errorFrom(answer.error));
    else waiter.resolve(answer.value);
  }

  /** The thread is gone (closed, or crashed): what waits fails, and so does everything after. */
  private end(error: Error) {
    this.ended ??= error;
    for (const waiter of this.waiting.values()) waiter.reject(error);
    this.waiting.clear();
  }

  /**
   * One request to the thread. The thread keeps the process alive only while a request waits on it,
   * as PGlite in the process never did: a server that closes everything else may exit.
   */
  private ask<T>(op: string, args: Record<string, unknown> = {}, transfer: ArrayBuffer[] = []): Promise<T> {
    if (this.closedAlready) return Promise.reject(new Error('PGlite is closed'));
    if (this.ended) return Promise.reject(this.ended);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      if (this.waiting.size === 0) this.worker.ref();
      this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ id, op, ...args }, transfer);
    });
  }

  /**
   * The thread syncs after every statement that leaves no transaction open, whatever `syncToFs` says.
   * A lone Sync while nothing is pending (PGlite's exec sends one after each simple query: BEGIN,
   * COMMIT) only repeats the last ReadyForQuery, so it is answered here without a trip to the thread.
   */
  async execProtocolRaw(message: Uint8Array): Promise<Uint8Array> {
    if (this.lastReady && isLoneSync(message)) return this.lastReady.slice();
    // PGlite's serializer keeps some messages (sync, describe) to send again: a copy is handed over.
    const bytes = message.slice();
    const answer = await this.ask<Uint8Array>('exec', { bytes }, [bytes.buffer as ArrayBuffer]);
    this.lastReady = endsReady(answer) ? answer.subarray(answer.length - READY_LENGTH) : null;
    return answer;
  }

  async execProtocolStream(message: Uint8Array, options: ExecOptions = {}): Promise<BackendMessage[]> {
    const messages: BackendMessage[] = [];
    this.parser.parse(await this.execProtocolRaw(message), (m: BackendMessage) => messages.push(m));
    let failure: BackendMessage | undefined;
    for (const m of messages) {
      if (m instanceof protocol.messages.ReadyForQueryMessage) this.inTransaction = m.status !== 'I';
      else if (m.name === 'error' && !failure) failure = m;
      else if (m.name === 'notice') options.onNotice?.(m as never);
    }
    if (failure && options.throwOnError !== false) throw failure;
    return messages;
  }

  async execProtocol(message: Uint8Array) {
    const data = await this.execProtocolRaw(message);
    const messages: BackendMessage[] = [];
    this.parser.parse(data, (m: BackendMessage) => messages.push(m));
    return { messages, data };
  }

  isInTransaction() {
    return this.inTransaction;
  }

  /** Nothing is left to sync here: the thread syncs after every statement that leaves no transaction open. */
  async syncToFs() {}

  async dumpDataDir(compression: 'gzip' | 'none' | 'auto' = 'auto'): Promise<Blob> {
    await this.waitReady;
    const bytes = await this._runExclusiveQuery(() => this.ask<Uint8Array<ArrayBuffer>>('dump', { compression }));
    return new Blob([bytes]);
  }

  async close() {
    if (this.closedAlready) return;
    await this.ask('close').catch(() => undefined);
    this.closedAlready = true;
    await this.worker.terminate();
  }

  // COPY to and from files (PGlite's blobs) is not used over the thread.
  async _handleBlob() {}
  async _getWrittenBlob() {
    return undefined;
  }
  async _cleanupBlob() {}

  async _checkReady() {
    await this.started;
  }

  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T> {
    return this.queryLock.runExclusive(fn);
  }

  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> {
    return this.transactionLock.runExclusive(fn);
  }
}
