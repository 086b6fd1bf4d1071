/**
 * S9's load, from a process of its own: autocannon with `connections` clients (each one a person at
 * the search box) cycling through the given paths for `seconds`, each request from its own address
 * (the per-address search limit is for people, not for this load).
 */
import autocannon from 'autocannon';

export interface LoadOrder {
  url: string;
  paths: string[];
  connections: number;
  seconds: number;
}
export interface LoadResult {
  requests: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  errors: number;
}

const octet = () => 1 + Math.floor(Math.random() * 250);

process.on('message', async (order: LoadOrder) => {
  let next = 0;
  const r = await autocannon({
    url: order.url,
    connections: order.connections,
    duration: order.seconds,
    requests: [{ setupRequest: (req) => ({ ...req, path: order.paths[next++ % order.paths.length]!, headers: { ...req.headers, 'x-forwarded-for': `10.${octet()}.${octet()}.${octet()}` } }) }],
  });
  const result: LoadResult = { requests: r.requests.total, p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max, errors: r.errors + r.non2xx + r.timeouts };
  process.send!(result);
  process.exit(0);
});
process.send!({ ready: true });
