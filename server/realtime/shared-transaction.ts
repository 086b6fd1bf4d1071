import type { Db } from '@server/db/client';
import { coalesce, SHARED_TRANSACTIONS } from '@server/db/coalesce';
import { isUnavailable } from '@server/db/errors';
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
  try {
    return (await inOneTransaction(deps, works)).map((value) => ({ status: 'fulfilled', value }));
  } catch (err) {
    // A database that is down or too slow fails them all alike: they hear that at once.
    if (isUnavailable(err)) throw err;
    // One command's failure rolled back the others: each runs alone now, in the same order, and hears its own outcome.
    const outcomes: Outcome[] = [];
    for (const work of works) outcomes.push(await settled(inTransaction(deps, work)));
    return outcomes;
  }
}

/**
 * Runs `work` as `inTransaction` does, but commands with the same `key` (one case) that arrive while
 * an earlier one is being written wait in this process instead of on the row's lock, then run
 * together in the next transaction, one after the other in arrival order: each sees what the ones
 * before it wrote, as if they had run one by one, but the lock, the events' statement and the commit
 * (its flush to disk) are taken once for all. Ten admins voting at once thus take two transactions,
 * not ten in a row, and their viewers get the votes in one burst.
 *
 * `work` may run twice: when another command of its batch fails, the batch is rolled back and
 * each command runs again alone. It must keep its effects to the transaction (and `afterCommit`).
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
