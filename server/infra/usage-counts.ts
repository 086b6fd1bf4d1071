import { createTallies } from './tallies';

/** One counted line: a key's requests and writes of one endpoint on one day (UTC, `YYYY-MM-DD`). */
export interface UsageLine {
  keyId: number;
  applicationId: number;
  day: string;
  endpoint: string;
  requests: number;
  writes: number;
}

export interface UsageCounts {
  /** Counts a request (a write too when `write`): in memory only, added to the database by `flush`. */
  add(line: Omit<UsageLine, 'day' | 'requests' | 'writes'>, write: boolean, at?: number): void;
  /** Hands the counts so far to the store and starts again; counts the store refused are kept for the next flush. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** Usage counted in memory (`createTallies`): a key's request costs a Map update, not a write. */
export function createUsageCounts(store: (lines: UsageLine[]) => Promise<void>, everyMs: number, onError: (error: unknown) => void): UsageCounts {
  const tallies = createTallies<UsageLine>({
    keyOf: (line) => `${line.keyId}|${line.day}|${line.endpoint}`,
    merge: (into, line) => {
      into.requests += line.requests;
      into.writes += line.writes;
    },
    store,
    everyMs,
    onError,
  });
  return {
    add(line, write, at = Date.now()) {
      tallies.add({ ...line, day: new Date(at).toISOString().slice(0, 10), requests: 1, writes: write ? 1 : 0 });
    },
    flush: tallies.flush,
    close: tallies.close,
  };
}
