// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountPoint } from '@client/test/mountPoint';
import { useLiveQuery, type LiveQuery } from './useLiveQuery';

/** One request the test answers when it likes (and which, like a slow server, ignores its abort). */
interface Call {
  query: string;
  signal: AbortSignal;
  resolve: (data: string) => void;
  reject: (error: unknown) => void;
}

let calls: Call[];
let seen: LiveQuery<string>;
const mount = mountPoint();

const load = (query: string, signal: AbortSignal) =>
  new Promise<string>((resolve, reject) => {
    calls.push({ query, signal, resolve, reject });
  });

function Probe({ text }: { text: string }) {
  seen = useLiveQuery(text, (q) => q.length >= 3, load);
  return null;
}

const type = (text: string) => act(() => mount.root.render(<Probe text={text} />));
const wait = (ms: number) => act(async () => void vi.advanceTimersByTime(ms));
const settle = (work: () => void) =>
  act(async () => {
    work();
    await Promise.resolve();
  });

beforeEach(() => {
  vi.useFakeTimers();
  calls = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useLiveQuery: debounce', () => {
  it('asks once, 300 ms after the last keystroke, for the text typed by then', async () => {
    await type('');
    for (const text of ['a', 'ai', 'aim', 'aimb', 'aimbo']) {
      await type(text);
      await wait(200);
    }
    expect(calls).toEqual([]);
    await wait(99);
    expect(calls).toEqual([]);
    await wait(1);
    expect(calls.map((c) => c.query)).toEqual(['aimbo']);
    expect(seen.busy).toBe(true);
  });

  it('asks nothing for text its rule refuses, and forgets an answer once the text is refused', async () => {
    await type('ab');
    await wait(1000);
    expect(calls).toEqual([]);
    expect(seen).toEqual({ busy: false, answer: null, failure: null });

    await type('abc');
    await wait(300);
    await settle(() => calls[0]!.resolve('three'));
    expect(seen.answer).toEqual({ query: 'abc', data: 'three' });
    await type('ab');
    await wait(300);
    expect(calls).toHaveLength(1);
    expect(seen).toEqual({ busy: false, answer: null, failure: null });
  });
});

describe('useLiveQuery: stale answers', () => {
  it('aborts the previous request and drops its answer when it comes after the newer one', async () => {
    await type('abc');
    await wait(300);
    await type('abcd');
    await wait(300);
    const [older, newer] = calls;
    expect(older!.signal.aborted).toBe(true);
    expect(newer!.signal.aborted).toBe(false);

    await settle(() => newer!.resolve('for abcd'));
    await settle(() => older!.resolve('for abc'));
    expect(seen).toEqual({ busy: false, answer: { query: 'abcd', data: 'for abcd' }, failure: null });
  });

  it('drops an overtaken answer that comes first, and stays busy until the newest one', async () => {
    await type('abc');
    await wait(300);
    await settle(() => calls[0]!.resolve('first'));
    await type('abcd');
    await wait(300);
    await type('abcde');
    await wait(300);
    await settle(() => calls[1]!.resolve('overtaken'));
    expect(seen.busy).toBe(true);
    // The last answer stays on show meanwhile.
    expect(seen.answer).toEqual({ query: 'abc', data: 'first' });
    await settle(() => calls[2]!.resolve('newest'));
    expect(seen).toEqual({ busy: false, answer: { query: 'abcde', data: 'newest' }, failure: null });
  });

  it('reports a failure of the newest request only', async () => {
    await type('abc');
    await wait(300);
    await type('abcd');
    await wait(300);
    await settle(() => calls[0]!.reject(new Error('too many requests')));
    expect(seen.failure).toBeNull();
    const error = new Error('server down');
    await settle(() => calls[1]!.reject(error));
    expect(seen).toEqual({ busy: false, answer: null, failure: { query: 'abcd', error } });
  });
});
