/**
 * The inside of a bench host (bench/live/hosts.ts): a server in a process of its own answers the
 * bench's calls by name over IPC, so nothing of the bench shares its memory or its event loop.
 */
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { startMeasuredProfile, stopMeasuredProfile } from './measured-profile';

export type Ops = Record<string, (...args: any[]) => unknown>;
export interface HostCall {
  id: number;
  op: string;
  args: unknown[];
}
export interface HostAnswer {
  id: number;
  result?: unknown;
  error?: string;
}

/** What every host answers: its open sockets, its settled heap, its event-loop lag over a stretch, and a stop. */
export function commonOps(clients: () => number, close: () => Promise<void>) {
  let lag: IntervalHistogram | undefined;
  return {
    clients,
    /** Heap and external memory after two full collections (the host runs with --expose-gc). */
    settledHeap: () => {
      const gc = (globalThis as { gc?: () => void }).gc;
      if (!gc) throw new Error('the host runs without --expose-gc');
      gc();
      gc();
      const m = process.memoryUsage();
      return m.heapUsed + m.external;
    },
    /** The measured stretch begins: the loop's lag is watched (and the process profiled: measured-profile.ts). */
    lagStart: async () => {
      lag = monitorEventLoopDelay({ resolution: 5 });
      lag.enable();
      await startMeasuredProfile();
    },
    /** The p99 of the event-loop delay since lagStart, ms. */
    lagStop: async () => {
      lag?.disable();
      await stopMeasuredProfile();
      return (lag?.percentile(99) ?? NaN) / 1e6;
    },
    close: async () => {
      await close();
      setImmediate(() => process.exit(0));
    },
  };
}

export type CommonOps = ReturnType<typeof commonOps>;

/** Answers calls until the process is told to close; `ready` (where it serves) goes to the bench first. */
export function serveCalls(ops: Ops, ready: { url: string }) {
  process.on('message', (m: HostCall) => {
    void (async () => {
      try {
        const fn = ops[m.op];
        if (!fn) throw new Error(`no operation ${m.op}`);
        process.send!({ id: m.id, result: await fn(...m.args) } satisfies HostAnswer);
      } catch (e) {
        process.send!({ id: m.id, error: e instanceof Error ? (e.stack ?? e.message) : String(e) } satisfies HostAnswer);
      }
    })();
  });
  process.send!({ type: 'ready', ...ready });
}
