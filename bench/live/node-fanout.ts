/**
 * The fan-out measurement of S2, for server processes: N sockets split over the given node URLs
 * (fleet i connects to urls[i % urls.length]), marked writes one after another, delivery = request
 * sent → event received; with each node's RSS and event-loop lag over the writes.
 */
import { sleep, startFleet, type LiveOptions, type Send } from './common';
import { watchRss } from './hosts';
import type { BenchNode } from './nodes';

export interface FanOut {
  deliveries: number[];
  responses: number[];
  /** Per write: when its last socket got it. */
  lastPerWrite: number[];
  lost: number;
  duplicates: number;
  rssMb: number[];
  lagP99: number[];
}

/** What the measurement reads of a node: its process, for RSS and the loop probe. */
export type ProbedNode = Pick<BenchNode, 'pid' | 'rssMb' | 'loopLag'>;

export async function measureFanOut(o: LiveOptions, n: number, urls: string[], room: string, send: Send, nodes: ProbedNode[]): Promise<FanOut> {
  const { fleets: FLEETS, replies: WRITES, gapMs: GAP_MS } = o;
  const fleets = await Promise.all(Array.from({ length: FLEETS }, (_, i) => startFleet(urls[i % urls.length]!, room, Math.floor(n / FLEETS) + (i < n % FLEETS ? 1 : 0), 'tribunal')));
  await sleep(300);
  // Warm-up writes are not counted: their markers are not among the measured ones. (No 'reset' of
  // the fleets: under load a fleet may handle it after the first measured write has arrived.)
  for (let i = 0; i < 3; i++) await send(1_000_000 + i);
  await sleep(200);
  await Promise.all(nodes.map((node) => node.loopLag()));
  const stopRss = watchRss(nodes.map((node) => node.pid));
  const sentAt = new Map<number, number>();
  const responses: number[] = [];
  for (let i = 0; i < WRITES; i++) {
    const sent = await send(i);
    sentAt.set(i, sent.sentAt);
    responses.push(sent.responseMs);
    await sleep(GAP_MS);
  }
  // Long enough for late arrivals under load: what has not come by then counts as lost.
  await sleep(Math.max(2000, n));
  const lag = await Promise.all(nodes.map((node) => node.loopLag()));
  const rssMb = stopRss();
  const reports = await Promise.all(fleets.map((f) => f.ask<{ arrivals: Array<[number, number[]]> }>('report')));
  for (const f of fleets) f.child.send({ type: 'stop' });
  await Promise.all(fleets.map((f) => new Promise((r) => (f.child.exitCode !== null ? r(null) : f.child.once('exit', r)))));
  const perWrite = new Map<number, number[]>();
  for (const { arrivals } of reports) {
    for (const [marker, times] of arrivals) {
      const t0 = sentAt.get(marker);
      if (t0 !== undefined) perWrite.set(marker, [...(perWrite.get(marker) ?? []), ...times.map((t) => t - t0)]);
    }
  }
  const deliveries = [...perWrite.values()].flat();
  return {
    deliveries,
    responses,
    lastPerWrite: [...perWrite.values()].map((l) => Math.max(...l)),
    lost: Math.max(0, n * WRITES - deliveries.length),
    // A socket that got a marker twice shows up as more arrivals than sockets for that write.
    duplicates: [...perWrite.values()].reduce((sum, list) => sum + Math.max(0, list.length - n), 0),
    rssMb,
    lagP99: lag.map((l) => l.p99),
  };
}
