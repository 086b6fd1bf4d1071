import { describe, expect, it, vi } from 'vitest';
import { createTallies } from './tallies';

interface Seen {
  id: number;
  views: number;
}

const tallies = (store: (lines: Seen[]) => Promise<void>, onError: (e: unknown) => void = () => undefined) =>
  createTallies<Seen>({ keyOf: (l) => String(l.id), merge: (into, l) => void (into.views += l.views), store, everyMs: 60_000, onError });

describe('tallies kept in memory', () => {
  it('merges the lines of a key, tells what is pending, and stores each line once', async () => {
    const stored: Seen[][] = [];
    const t = tallies(async (lines) => void stored.push(lines));
    t.add({ id: 1, views: 1 });
    t.add({ id: 2, views: 1 });
    t.add({ id: 1, views: 2 });
    expect(t.pending('1')).toEqual({ id: 1, views: 3 });
    expect(t.pending('3')).toBeUndefined();
    await t.flush();
    expect(t.pending('1')).toBeUndefined();
    await t.flush();
    expect(stored).toEqual([[{ id: 1, views: 3 }, { id: 2, views: 1 }]]);
    await t.close();
  });

  it('never stores two batches at once, and a line added during a store goes with the next', async () => {
    let inStore = 0;
    let most = 0;
    let duringStore: (() => void) | undefined;
    const stored: Seen[][] = [];
    const t = tallies(async (lines) => {
      most = Math.max(most, ++inStore);
      duringStore?.();
      duringStore = undefined;
      await new Promise((r) => setTimeout(r, 10));
      stored.push(lines);
      inStore--;
    });
    t.add({ id: 1, views: 1 });
    duringStore = () => t.add({ id: 1, views: 5 });
    await Promise.all([t.flush(), t.flush()]);
    expect(most).toBe(1);
    expect(stored).toEqual([[{ id: 1, views: 1 }], [{ id: 1, views: 5 }]]);
    await t.close();
  });

  it('counts the lines being stored as pending until the store has them', async () => {
    const stores: Array<() => void> = [];
    const t = tallies(() => new Promise<void>((resolve) => stores.push(resolve)));
    t.add({ id: 1, views: 2 });
    const flushed = t.flush();
    await vi.waitFor(() => expect(stores).toHaveLength(1));
    t.add({ id: 1, views: 1 });
    t.add({ id: 2, views: 4 });
    expect(t.pending('1')).toEqual({ id: 1, views: 3 });
    expect(t.pending('2')).toEqual({ id: 2, views: 4 });
    stores[0]!();
    await flushed;
    expect(t.pending('1')).toEqual({ id: 1, views: 1 });
    const closed = t.close();
    await vi.waitFor(() => expect(stores).toHaveLength(2));
    stores[1]!();
    await closed;
    expect(t.pending('1')).toBeUndefined();
  });

  it('keeps what the store refused, added to what came meanwhile, and stores it at close', async () => {
    const stored: Seen[][] = [];
    const errors: unknown[] = [];
    let down = true;
    const t = tallies(
      async (lines) => {
        if (down) throw new Error('database away');
        stored.push(lines);
      },
      (e) => errors.push(e),
    );
    t.add({ id: 4, views: 2 });
    await t.flush();
    expect(errors).toHaveLength(1);
    expect(t.pending('4')).toEqual({ id: 4, views: 2 });
    down = false;
    t.add({ id: 4, views: 1 });
    await t.close();
    expect(stored).toEqual([[{ id: 4, views: 3 }]]);
  });
});
