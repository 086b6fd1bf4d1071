// @vitest-environment jsdom
import { act, StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountPoint } from '@client/test/mountPoint';
import { useRemote, type Remote } from './useRemote';

/** One request the test answers when it likes. */
interface Call {
  key: string;
  signal: AbortSignal;
  resolve: (data: string) => void;
}

let calls: Call[];
let seen: Remote<string> & { reload: () => void };
/** What each render was given, with the key it rendered for. */
let renders: Array<{ id: string; state: string; data: string | null }>;
const mount = mountPoint();

function Probe({ id }: { id: string }) {
  seen = useRemote(id, (signal) => new Promise<string>((resolve) => calls.push({ key: id, signal, resolve })));
  renders.push({ id, state: seen.state, data: seen.data });
  return null;
}

/** StrictMode disconnects and reconnects every effect once on mount, as a Suspense reveal does. */
const show = (id: string) =>
  act(() =>
    mount.root.render(
      <StrictMode>
        <Probe id={id} />
      </StrictMode>,
    ),
  );
const answer = (call: Call, data: string) =>
  act(async () => {
    call.resolve(data);
    await Promise.resolve();
  });

beforeEach(() => {
  vi.useFakeTimers();
  calls = [];
  renders = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useRemote', () => {
  it('sends one request when its effect is disconnected and reconnected on mount, and shows its answer', async () => {
    await show('case-1');
    expect(calls.map((c) => c.key)).toEqual(['case-1']);
    await act(async () => void vi.advanceTimersByTime(1000));
    expect(calls[0]!.signal.aborted).toBe(false);
    await answer(calls[0]!, 'first case');
    expect(seen).toMatchObject({ state: 'ready', data: 'first case' });
  });

  it('cancels the request of an old key at once and ignores its late answer', async () => {
    await show('case-1');
    await show('case-2');
    expect(calls.map((c) => c.key)).toEqual(['case-1', 'case-2']);
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(seen).toMatchObject({ state: 'loading', data: null });
    await answer(calls[0]!, 'stale');
    expect(seen.data).toBeNull();
    await answer(calls[1]!, 'second case');
    expect(seen).toMatchObject({ state: 'ready', data: 'second case' });
  });

  it('never gives the answer of the old key as ready for the new one, even on the render where the key changes', async () => {
    await show('players');
    await answer(calls[0]!, 'player hits');
    renders = [];
    await show('comments');
    expect(renders.length).toBeGreaterThan(0);
    expect(renders.filter((r) => r.id === 'comments' && r.state === 'ready')).toEqual([]);
    expect(renders[0]).toEqual({ id: 'comments', state: 'loading', data: 'player hits' });
    await answer(calls[1]!, 'comment hits');
    expect(seen).toMatchObject({ state: 'ready', data: 'comment hits' });
  });

  it('keeps the data while a reload runs, and cancels a request left behind when the page goes', async () => {
    await show('case-1');
    await answer(calls[0]!, 'v1');
    await act(async () => seen.reload());
    expect(calls).toHaveLength(2);
    expect(seen).toMatchObject({ state: 'loading', data: 'v1' });
    act(() => mount.root.render(null));
    expect(calls[1]!.signal.aborted).toBe(false);
    await act(async () => void vi.advanceTimersByTime(1000));
    expect(calls[1]!.signal.aborted).toBe(true);
  });
});
