import type { Db } from '@server/db/client';
import { coalesce, SHARED_TRANSACTIONS } from '@server/db/coalesce';
import { inOneTransaction, inTransaction, type Recorder, type TransactionDeps } from './outbox';

type Work = (r: Recorder) => Promise<unknown>;
type Outcome = PromiseSettledResult<unknown>;

interface Lane {
  run(work: Work): Promise<Outcome>;
  /** Callers not yet answered; the lane is dropped when none is left. */
  waiting: number;
}

const lanes = new WeakMap<Db, Map<string, Lane>>();

const settled = (promise: Promise<unknown>): Promise<Outcome> =>
  promise.then(
    (value) => ({ status: 'fulfilled', value }),
    (reason: unknown) => ({ status: 'rejected', reason }),
  );

async function runTogether(deps: TransactionDeps, works: Work[]): Promise<Outcome[]> {
  if (works.length === 1) return [await settled(inTransaction(deps, works[0]!))];
  // Each command in a savepoint: one that fails is rolled back alone; a failure of the transaction itself fails them all.
  return inOneTransaction(deps, works);
}

/**
 * Runs `work` as `inTransaction` does, but commands with the same `key` (one case) that arrive while
 * an earlier one is being written wait in this process instead of on the row's lock, then run
 * together in the next transaction, one after the other in arrival order: each sees what the ones
 * before it wrote, as if they had run one by one, but the lock, the events' statement and the commit
 * (its flush to disk) are taken once for all. Ten admins voting at once thus take two transactions,
 * not ten in a row, and their viewers get the votes in one burst.
 *
 * Each command runs once, in a savepoint of its own (`inOneTransaction`): when one fails its checks
 * (throws), only its writes and events are dropped and only its caller hears the error; the others
 * commit. A failure of the shared transaction itself (the database gone, the commit) reaches every
 * caller of the batch.
 */
export async function inSharedTransaction<T>(deps: TransactionDeps, key: string, work: (r: Recorder) => Promise<T>): Promise<T> {
  let byKey = lanes.get(deps.db);
  if (!byKey) lanes.set(deps.db, (byKey = new Map()));
  let lane = byKey.get(key);
  if (!lane) {
    lane = { run: coalesce((works: Work[]) => runTogether(deps, works), SHARED_TRANSACTIONS), waiting: 0 };
    byKey.set(key, lane);
  }
  lane.waiting++;
  try {
    const outcome = await lane.run(work);
    if (outcome.status === 'rejected') throw outcome.reason;
    return outcome.value as T;
  } finally {
    if (--lane.waiting === 0) byKey.delete(key);
  }
}
