/**
 * Runs `work` counting the calls of `object[method]` (the object itself is kept: the database's
 * commands are combined per database object); `instead` answers them in its place.
 */
export async function countingCalls<T>(object: object, method: string, work: () => Promise<T>, instead?: () => Promise<unknown>): Promise<{ result: T; calls: number }> {
  const target = object as Record<string, (...args: unknown[]) => Promise<unknown>>;
  const original = target[method]!;
  let calls = 0;
  target[method] = function (this: unknown, ...args: unknown[]) {
    calls++;
    return instead ? instead() : original.apply(this, args);
  };
  try {
    return { result: await work(), calls };
  } finally {
    target[method] = original;
  }
}
