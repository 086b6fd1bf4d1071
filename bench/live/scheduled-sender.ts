/**
 * Sends a whole schedule of writes from a process of its own: each request at its offset from the
 * start, whether or not earlier ones were answered (an open loop, as people do), and reports every
 * send time, answer time and status at the end. Clock shared with the other bench processes.
 */
import http from 'node:http';

const now = () => performance.timeOrigin + performance.now();
/** A request unanswered this long counts as failed (status 0): runs stay bounded when the server falls behind. */
const TIMEOUT_MS = 30_000;

export interface Planned {
  atMs: number;
  url: string;
  headers: Record<string, string>;
  body: string;
}
export interface Answered {
  sentAt: number;
  answeredAt: number;
  status: number;
  text: string;
}

/**
 * Node's own HTTP client on kept-alive connections: fetch costs this process several times the CPU
 * per request, and on a 2-core machine that CPU is taken from the server being measured.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

function send(p: Planned): Promise<Answered> {
  const sentAt = now();
  return new Promise((resolve) => {
    const done = (status: number, text: string) => resolve({ sentAt, answeredAt: now(), status, text: status >= 300 || status === 0 ? text.slice(0, 200) : '' });
    const req = http.request(p.url, { method: 'POST', agent, headers: { 'content-type': 'application/json', ...p.headers }, timeout: TIMEOUT_MS }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(res.statusCode ?? 0, Buffer.concat(chunks).toString()));
      res.on('error', (e) => done(0, String(e)));
    });
    req.on('timeout', () => req.destroy(new Error(`no answer in ${TIMEOUT_MS} ms`)));
    req.on('error', (e) => done(0, String(e)));
    req.end(p.body);
  });
}

process.on('message', async (plan: Planned[]) => {
  // A first request outside the schedule: fetch's own start-up and the first connection are not the server's time.
  if (plan[0]) await new Promise((r) => http.get(new URL(plan[0]!.url).origin + '/api/health', { agent }, (res) => res.resume().on('end', r)).on('error', r));
  const start = now();
  const answers: Array<Promise<Answered>> = [];
  let next = 0;
  while (next < plan.length) {
    const elapsed = now() - start;
    while (next < plan.length && plan[next]!.atMs <= elapsed) answers.push(send(plan[next++]!));
    if (next < plan.length) await new Promise((r) => setTimeout(r, Math.max(0, Math.min(plan[next]!.atMs - elapsed, 5))));
  }
  // Exit once the answers are handed over: a large report may still be on its way through the IPC channel.
  process.send!(await Promise.all(answers), () => process.exit(0));
});
process.send!({ ready: true });
