import type { Db } from '@server/db/client';

/**
 * Write requests being answered now, per database (tests run many sites in one process): while some
 * are, more events are on their way, and a crowded room may wait for them (`createRoomPacer`).
 * Background work (jobs, sweeps) is not counted: nobody is waiting on the other side of it.
 */
const writing = new WeakMap<Db, number>();

export const writesInProgress = (db: Db) => writing.get(db) ?? 0;

/** Runs `answer`, counting it as a write in progress meanwhile. */
export async function countedAsWriting<T>(db: Db, answer: () => Promise<T>): Promise<T> {
  writing.set(db, writesInProgress(db) + 1);
  try {
    return await answer();
  } finally {
    writing.set(db, writesInProgress(db) - 1);
  }
}
