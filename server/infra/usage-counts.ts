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

/**
 * Usage counted in memory and added to the store every `everyMs` (and at close): a key's request
 * costs a Map update, not a write. A node that dies loses at most its last interval's counts.
 */
export function createUsageCounts(store: (lines: UsageLine[]) => Promise<void>, everyMs: number, onError: (error: unknown) => void): UsageCounts {
  let pending = new Map<string, UsageLine>();
  let flushing: Promise<void> = Promise.resolve();
  const flush = () => {
    flushing = flushing.then(async () => {
      if (!pending.size) return;
      const lines = [...pending.values()];
      pending = new Map();
      try {
        await store(lines);
      } catch (error) {
        onError(error);
        for (const line of lines) addLine(line);
      }
    });
    return flushing;
  };
  const addLine = (line: UsageLine) => {
    const id = `${line.keyId}|${line.day}|${line.endpoint}`;
    const known = pending.get(id);
    if (known) {
      known.requests += line.requests;
      known.writes += line.writes;
    } else pending.set(id, { ...line });
  };
  const timer = setInterval(() => void flush(), everyMs);
  timer.unref();
  return {
    add(line, write, at = Date.now()) {
      addLine({ ...line, day: new Date(at).toISOString().slice(0, 10), requests: 1, writes: write ? 1 : 0 });
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
