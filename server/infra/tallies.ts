export interface Tallies<Line> {
  /** Counts a line in memory; lines of one key are merged until the next flush stores them. */
  add(line: Line): void;
  /** What this node counted under `key` and the store has not taken yet (a flush in progress included). */
  pending(key: string): Line | undefined;
  /** Hands the lines so far to the store and starts again; lines the store refused are kept for the next flush. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

interface Options<Line> {
  keyOf: (line: Line) => string;
  /** Adds `line`'s counts to `into`, a line of the same key. */
  merge: (into: Line, line: Line) => void;
  store: (lines: Line[]) => Promise<void>;
  everyMs: number;
  onError: (error: unknown) => void;
}

/**
 * Counters kept in memory and added to the store every `everyMs` (and at close): a counted event
 * costs a Map update, not a write of its own. Flushes run one after another, never two at once.
 * A node that dies loses at most its last interval's counts.
 */
export function createTallies<Line>({ keyOf, merge, store, everyMs, onError }: Options<Line>): Tallies<Line> {
  let pending = new Map<string, Line>();
  /** The lines of the flush in progress, until the store has them. */
  let storing = new Map<string, Line>();
  let flushing: Promise<void> = Promise.resolve();
  const add = (line: Line) => {
    const key = keyOf(line);
    const known = pending.get(key);
    if (known) merge(known, line);
    else pending.set(key, { ...line });
  };
  const flush = () => {
    flushing = flushing.then(async () => {
      if (!pending.size) return;
      storing = pending;
      pending = new Map();
      const lines = [...storing.values()];
      try {
        await store(lines);
      } catch (error) {
        onError(error);
        for (const line of lines) add(line);
      } finally {
        storing = new Map();
      }
    });
    return flushing;
  };
  const timer = setInterval(() => void flush(), everyMs);
  timer.unref();
  return {
    add,
    pending(key) {
      const [stored, counted] = [storing.get(key), pending.get(key)];
      if (!stored || !counted) return stored ?? counted;
      const both = { ...stored };
      merge(both, counted);
      return both;
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
