/**
 * CPU time one server process spends per request (`npx tsx bench/cpu-per-request.ts PID URL [seconds]`):
 * the process's user+system time over a short autocannon run, divided by the requests served. Unlike
 * requests/s it hardly moves when other work shares the machine, so it shows what a change saves.
 */
import autocannon from 'autocannon';
import { readCpuMs } from './live/process-cpu';

const [pid, url, seconds = '5'] = process.argv.slice(2) as [string, string, string?];
const pick = (n: number) => 1 + Math.floor(Math.random() * n);
const target = new URL(url);
const paths = target.pathname + target.search;
const before = readCpuMs(Number(pid));
const r = await autocannon({
  url: target.origin,
  connections: 20,
  duration: Number(seconds),
  requests: [{ setupRequest: (req) => ({ ...req, path: paths.replace(/\{(\d+)\}/g, (_, n: string) => String(pick(Number(n)))), headers: { ...req.headers, 'x-forwarded-for': `10.${pick(250)}.${pick(250)}.${pick(250)}` } }) }],
});
const cpuMs = readCpuMs(Number(pid)) - before;
console.log(`${r.requests.total} requests, ${r.requests.average.toFixed(0)}/s, non-2xx ${r.non2xx}, CPU ${((cpuMs * 1000) / r.requests.total).toFixed(0)} µs per request`);
