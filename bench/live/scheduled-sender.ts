/**
 * Sends a whole schedule of writes from a process of its own: each request at its offset from the
 * start, whether or not earlier ones were answered (an open loop, as people do), and reports every
 * send time, answer time and status at the end. Clock shared with the other bench processes.
 */
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

async function send(p: Planned): Promise<Answered> {
  const sentAt = now();
  try {
    const res = await fetch(p.url, { method: 'POST', headers: { 'content-type': 'application/json', ...p.headers }, body: p.body, signal: AbortSignal.timeout(TIMEOUT_MS) });
    const text = await res.text();
    return { sentAt, answeredAt: now(), status: res.status, text: res.status >= 300 ? text.slice(0, 200) : '' };
  } catch (e) {
    return { sentAt, answeredAt: now(), status: 0, text: String(e).slice(0, 200) };
  }
}

process.on('message', async (plan: Planned[]) => {
  // A first request outside the schedule: fetch's own start-up and the first connection are not the server's time.
  if (plan[0]) await fetch(new URL(plan[0].url).origin + '/').then((r) => r.text()).catch(() => undefined);
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
