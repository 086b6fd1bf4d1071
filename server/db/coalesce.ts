/**
 * Runs calls together: the calls made in one turn of the event loop go as one batch at the end of
 * that turn (`setImmediate`: no timer, so a quiet server adds no wait), and while `inFlight` batches
 * run, later calls queue up and go together, up to `maxBatch`, when one ends. Under load a busy
 * statement thus takes many callers' work in one round trip, one plan and one commit, and the
 * batches grow with the load instead of the queue. The turn matters for an in-process database
 * (PGlite), whose statements end before the next request is read: there a batch is never in flight
 * while others arrive, but the requests read in one turn reach it together.
 *
 * `run` answers one result per item, in order; when it throws, every caller of the batch gets that error.
 */
export function coalesce<In, Out>(run: (items: In[]) => Promise<Out[]>, opts: { inFlight: number; maxBatch: number }): (item: In) => Promise<Out> {
  interface Waiting {
    item: In;
    resolve(out: Out): void;
    reject(err: unknown): void;
  }
  const queue: Waiting[] = [];
  let running = 0;
  let scheduled = false;

  const start = () => {
    scheduled = false;
    while (running < opts.inFlight && queue.length) {
      const batch = queue.splice(0, opts.maxBatch);
      running++;
      void settle(batch);
    }
  };
  const settle = async (batch: Waiting[]) => {
    try {
      const results = await run(batch.map((w) => w.item));
      if (results.length !== batch.length) throw new Error(`a batch of ${batch.length} answered ${results.length} results`);
      batch.forEach((w, i) => w.resolve(results[i]!));
    } catch (err) {
      for (const w of batch) w.reject(err);
    } finally {
      running--;
      start();
    }
  };

  return (item) =>
    new Promise<Out>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!scheduled && running < opts.inFlight) {
        scheduled = true;
        setImmediate(start);
      }
    });
}

/**
 * `coalesce` once per database handle and key, for reads: `run(db, key, items)` answers a batch of
 * one key's calls on that handle (a transaction's batches stay on it). For readers whose statement
 * differs by a small, fixed set of keys (a key column, a page's shape). A batch that fails is read
 * again one call at a time, so a call the database refuses fails alone, not the requests beside it.
 */
export function coalescedByKey<D extends object, K, In, Out>(run: (db: D, key: K, items: In[]) => Promise<Out[]>, opts: { inFlight: number; maxBatch: number }): (db: D, key: K) => (item: In) => Promise<Out> {
  type Outcome = { value: Out } | { error: unknown };
  const byDb = new WeakMap<D, Map<K, (item: In) => Promise<Out>>>();
  const reader = (db: D, key: K) => {
    const read = coalesce(async (items: In[]): Promise<Outcome[]> => {
      try {
        return (await run(db, key, items)).map((value) => ({ value }));
      } catch (error) {
        if (items.length === 1) return [{ error }];
        return Promise.all(items.map((item) => run(db, key, [item]).then(([value]) => ({ value: value as Out }), (e: unknown) => ({ error: e }))));
      }
    }, opts);
    return async (item: In) => {
      const outcome = await read(item);
      if ('error' in outcome) throw outcome.error;
      return outcome.value;
    };
  };
  return (db, key) => {
    let readers = byDb.get(db);
    if (!readers) byDb.set(db, (readers = new Map()));
    let read = readers.get(key);
    if (!read) readers.set(key, (read = reader(db, key)));
    return read;
  };
}

/**
 * How the site's shared statements go: one batch at a time (a second in flight measured slower: each
 * batch is then smaller, and both wait on the same database), at most 64 callers in one.
 */
export const SHARED_STATEMENTS = { inFlight: 1, maxBatch: 64 } as const;

/**
 * How commands on one row share a transaction (`inSharedTransaction`): one transaction at a time
 * (they wait on the row's lock anyway), at most 16 commands in one, so the lock is never held long.
 */
export const SHARED_TRANSACTIONS = { inFlight: 1, maxBatch: 16 } as const;

/**
 * How searches share statements: two batches at a time. A search's page costs the database several
 * times a case read (its names found through the name indexes, counted and sorted), and with one
 * batch in flight PostgreSQL worked on one core: at 1M cases, 2,162-2,910 searches/s against
 * 1,792-2,339 with one.
 */
export const SHARED_SEARCHES = { inFlight: 2, maxBatch: 64 } as const;
