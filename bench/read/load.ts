/**
 * One measured load: autocannon against one server process (a warm-up, then the measured run), the
 * process's peak RSS and CPU time per request, and every answer's latency kept by its request's
 * label, so a row made of several kinds of request (a page load, reads beside writes) reports each.
 */
import autocannon, { type Request } from 'autocannon';
import { readRssMb } from '../live/hosts';
import { readCpuSplitMs, readPostgresCpuMs } from '../live/process-cpu';

export interface Target {
  url: string;
  pid: number;
}

/**
 * A request of a row: autocannon's, with the label its answers are counted under, or a function
 * that tells it from the request line sent (for a request whose setup picks among kinds).
 */
export type LabelledRequest = Request & { label: string | ((requestLine: string) => string) };

interface SentRequest {
  label?: LabelledRequest['label'];
  requestBuffer?: Buffer;
}

function labelOf({ label, requestBuffer }: SentRequest) {
  if (typeof label !== 'function') return label ?? '?';
  const head = requestBuffer?.toString('latin1', 0, Math.min(requestBuffer.length, 300)) ?? '';
  return label(head.slice(0, head.indexOf('\r\n')));
}

export interface LabelStats {
  count: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** Answers other than 2xx. */
  failed: number;
}

export interface Measured {
  /** The answers the row counts (`counted` labels; every answer when none are named). */
  counted: LabelStats;
  byLabel: Map<string, LabelStats>;
  /** Connection errors and timeouts. */
  errors: number;
  /** The serving process's largest resident set during the measured run, MB. */
  rssMb: number;
  /** The serving process's CPU time (all its threads) per answer of the measured run, µs. */
  cpuUs: number;
  /** The same, split: the main thread in user space and in the kernel, and the other threads (`readCpuSplitMs`). */
  cpuSplitUs: { mainUser: number; mainSystem: number; otherThreads: number };
  /** PostgreSQL's CPU time (every one of its processes on this machine) per answer of the measured run, µs. */
  dbCpuUs: number;
  /** Bytes received per answer (headers and body), on average. */
  bytesPerAnswer: number;
}

const percentile = (sorted: Float64Array, p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN);

function statsOf(latencies: number[], failed: number, seconds: number): LabelStats {
  const sorted = Float64Array.from(latencies).sort();
  return { count: latencies.length, perSecond: latencies.length / seconds, p50: percentile(sorted, 50), p99: percentile(sorted, 99), failed };
}

async function run(target: Target, connections: number, seconds: number, requests: LabelledRequest[]) {
  const latencies = new Map<string, number[]>();
  const failed = new Map<string, number>();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url: target.url, connections, duration: seconds, requests }, (error, r) => (error ? reject(error) : resolve(r)));
    // Sent when an answer is complete, before the connection's next request is built: the request
    // the connection holds is the one answered (one request in flight per connection).
    instance.on('response', (client, status, _bytes, ms) => {
      const label = labelOf((client as unknown as { requestIterator: { currentRequest: SentRequest } }).requestIterator.currentRequest);
      let list = latencies.get(label);
      if (!list) latencies.set(label, (list = []));
      list.push(ms);
      if (status < 200 || status >= 300) failed.set(label, (failed.get(label) ?? 0) + 1);
    });
  });
  return { result, latencies, failed };
}

export async function measure(target: Target, connections: number, seconds: number, requests: LabelledRequest[], counted?: string[]): Promise<Measured> {
  await run(target, connections, 2, requests); // warm-up
  let rssMb = readRssMb(target.pid);
  const sampler = setInterval(() => (rssMb = Math.max(rssMb, readRssMb(target.pid))), 100);
  const cpuBefore = readCpuSplitMs(target.pid);
  const dbBefore = readPostgresCpuMs();
  let measured: Awaited<ReturnType<typeof run>>;
  try {
    measured = await run(target, connections, seconds, requests);
  } finally {
    clearInterval(sampler);
  }
  const { result, latencies, failed } = measured;
  const duration = result.duration || seconds;
  const byLabel = new Map([...latencies].map(([label, list]) => [label, statsOf(list, failed.get(label) ?? 0, duration)]));
  const answers = Math.max(1, [...latencies.values()].reduce((n, list) => n + list.length, 0));
  const labels = [...new Set(counted ?? latencies.keys())];
  const cpuAfter = readCpuSplitMs(target.pid);
  const dbCpuUs = ((readPostgresCpuMs() - dbBefore) * 1000) / answers;
  const perAnswerUs = (key: keyof typeof cpuAfter) => ((cpuAfter[key] - cpuBefore[key]) * 1000) / answers;
  const cpuSplitUs = { mainUser: perAnswerUs('mainUserMs'), mainSystem: perAnswerUs('mainSystemMs'), otherThreads: perAnswerUs('otherThreadsMs') };
  return {
    counted: statsOf(
      labels.flatMap((l) => latencies.get(l) ?? []),
      labels.reduce((n, l) => n + (failed.get(l) ?? 0), 0),
      duration,
    ),
    byLabel,
    errors: result.errors + result.timeouts,
    rssMb,
    cpuUs: cpuSplitUs.mainUser + cpuSplitUs.mainSystem + cpuSplitUs.otherThreads,
    cpuSplitUs,
    dbCpuUs,
    bytesPerAnswer: result.throughput.total / answers,
  };
}
