import { describe, expect, it } from 'vitest';
import { coalesce, coalescedByKey } from './coalesce';

/** A batch runner whose batches end when the test says so. */
function controlled() {
  const batches: number[][] = [];
  const pending: Array<() => void> = [];
  const run = (items: number[]) => {
    batches.push(items);
    return new Promise<number[]>((resolve) => pending.push(() => resolve(items.map((n) => n * 10))));
  };
  const endNext = async () => {
    pending.shift()!();
    await new Promise((r) => setImmediate(r));
  };
  return { batches, run, endNext };
}

describe('coalescing calls into batches', () => {
  it('sends the calls of one turn together, and those made while batches run together after', async () => {
    const c = controlled();
    const call = coalesce(c.run, { inFlight: 1, maxBatch: 10 });
    const first = [1, 2, 3].map((n) => call(n));
    // Nothing runs before the turn ends.
    expect(c.batches).toEqual([]);
    await new Promise((r) => setImmediate(r));
    expect(c.batches).toEqual([[1, 2, 3]]);
    // One batch runs: these wait, and go as one when it ends.
    const later = [4, 5].map((n) => call(n));
    await new Promise((r) => setImmediate(r));
    expect(c.batches).toEqual([[1, 2, 3]]);
    await c.endNext();
    expect(c.batches).toEqual([[1, 2, 3], [4, 5]]);
    await c.endNext();
    expect(await Promise.all([...first, ...later])).toEqual([10, 20, 30, 40, 50]);
  });

  it('runs up to inFlight batches at once', async () => {
    const c = controlled();
    const call = coalesce(c.run, { inFlight: 2, maxBatch: 10 });
    const answers = [call(1)];
    await new Promise((r) => setImmediate(r));
    answers.push(call(2));
    await new Promise((r) => setImmediate(r));
    answers.push(call(3), call(4));
    await new Promise((r) => setImmediate(r));
    // Two batches run; 3 and 4 wait for one of them.
    expect(c.batches).toEqual([[1], [2]]);
    await c.endNext();
    expect(c.batches).toEqual([[1], [2], [3, 4]]);
    await c.endNext();
    await c.endNext();
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40]);
  });

  it('never puts more than maxBatch calls in one batch', async () => {
    const c = controlled();
    const call = coalesce(c.run, { inFlight: 1, maxBatch: 3 });
    const answers = Array.from({ length: 8 }, (_, i) => call(i));
    await new Promise((r) => setImmediate(r));
    while (c.batches.length < 3) await c.endNext();
    expect(c.batches).toEqual([[0, 1, 2], [3, 4, 5], [6, 7]]);
    await c.endNext();
    expect(await Promise.all(answers)).toEqual([0, 10, 20, 30, 40, 50, 60, 70]);
  });

  it('fails every call of a failed batch, and goes on with the next batch', async () => {
    let runs = 0;
    const call = coalesce(
      async (items: string[]) => {
        runs++;
        if (items.includes('bad')) throw new Error('batch failed');
        return items.map((s) => s.toUpperCase());
      },
      { inFlight: 1, maxBatch: 10 },
    );
    const first = call('ok');
    await expect(first).resolves.toBe('OK');
    const [second, third] = [call('also'), call('bad')];
    await expect(second).rejects.toThrow('batch failed');
    await expect(third).rejects.toThrow('batch failed');
    await expect(call('later')).resolves.toBe('LATER');
    expect(runs).toBe(3);
  });

  it('refuses a batch that answers the wrong number of results', async () => {
    const call = coalesce(async (items: number[]) => items.slice(1), { inFlight: 1, maxBatch: 10 });
    await expect(call(1)).rejects.toThrow('a batch of 1 answered 0 results');
  });

  it('keeps one batcher per handle and key: calls of one key on one handle go together, others apart', async () => {
    const batches: Array<[string, string, number[]]> = [];
    const readers = coalescedByKey(async (db: { name: string }, key: string, items: number[]) => {
      batches.push([db.name, key, items]);
      return items.map((n) => `${db.name}:${key}:${n}`);
    }, { inFlight: 1, maxBatch: 64 });
    const [a, b] = [{ name: 'a' }, { name: 'b' }];
    expect(readers(a, 'x')).toBe(readers(a, 'x'));
    const answers = await Promise.all([readers(a, 'x')(1), readers(a, 'y')(2), readers(a, 'x')(3), readers(b, 'x')(4)]);
    expect(answers).toEqual(['a:x:1', 'a:y:2', 'a:x:3', 'b:x:4']);
    expect(batches).toEqual([
      ['a', 'x', [1, 3]],
      ['a', 'y', [2]],
      ['b', 'x', [4]],
    ]);
  });

  it('reads a failed batch again call by call: the call the database refuses fails alone', async () => {
    const batches: number[][] = [];
    const readers = coalescedByKey(async (_db: object, _key: string, items: number[]) => {
      batches.push(items);
      if (items.includes(13)) throw new Error('refused 13');
      return items.map((n) => n * 2);
    }, { inFlight: 1, maxBatch: 64 });
    const read = readers({}, 'k');
    const outcomes = await Promise.allSettled([read(1), read(13), read(3)]);
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : (o.reason as Error).message))).toEqual([2, 'refused 13', 6]);
    expect(batches).toEqual([[1, 13, 3], [1], [13], [3]]);
    // A batch of one that fails is not read twice.
    await expect(read(13)).rejects.toThrow('refused 13');
    expect(batches).toHaveLength(5);
  });
});
