/**
 * Runs calls together: a call starts a batch of its own at once while fewer than `inFlight` batches
 * are running (so a quiet server adds no wait, and no timer is involved); calls arriving while they
 * all run queue up and go together, up to `maxBatch`, when one ends. Under load a busy statement thus
 * takes many callers' work in one round trip, one plan and one commit, and the batches grow with the
 * load instead of the queue.
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

  const start = () => {
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
      start();
    });
}
