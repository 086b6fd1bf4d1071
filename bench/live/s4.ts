/**
 * S4: chat between 500 pairs at R messages a second (all pairs together), one node (embedded):
 * `POST /api/message` (type direct) from one sending process on an open loop, each message
 * persisted and delivered as `message.new` to both people's `user:` rooms. Send→ack = the request
 * sent → its 201 (the answer is the acknowledgement: the message is stored by then); receiver =
 * sent → the recipient's socket has it. Baseline: a bare Socket.IO server relaying the same frames
 * to the same two rooms at the same rate.
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import { io as connect } from 'socket.io-client';
import { ms, pct, sendScheduled, sleep, startBareHost, startBenchServer, type LiveOptions, modeLabel } from './common';
import { watchRss } from './hosts';
import { readCpuMs } from './process-cpu';
import type { Answered, Planned } from './scheduled-sender';

const PAIRS = 500;
/** Markers of the warm-up second's messages start here (a run's measured ones are below). */
const WARM_UP = 5_000_000;
interface Account {
  id: number;
  token: string;
}

async function startChatFleet(url: string, kind: 'tribunal' | 'bare', accounts: Account[]) {
  const child = fork(path.join(import.meta.dirname, 'chat-fleet.ts'), [url, kind], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = <T>() => new Promise<T>((r) => child.once('message', (m) => r(m as T)));
  await next();
  child.send({ type: 'connect', accounts });
  await next();
  return {
    async arrivals() {
      const got = next<{ arrivals: Array<[number, number]> }>();
      child.send({ type: 'report' });
      const { arrivals } = await got;
      child.send({ type: 'stop' });
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      return arrivals;
    },
  };
}

/** Resolves once `read` has returned the same value for a second (at most two minutes). */
async function quiet(read: () => Promise<number>) {
  let last = await read();
  for (let i = 0; i < 120; i++) {
    await sleep(1000);
    const now = await read();
    if (now === last) return;
    last = now;
  }
}

const words = ['push B', 'rotate', 'smoke mid', 'revive me', 'on my way', 'nice shot', 'tank left', 'cap C'];
const content = (marker: number) => `<p>bench-mark-${marker}- ${words[marker % words.length]}</p>`;
/** Message k of a run: pair k mod 500, the two directions taking turns. */
const ends = (k: number) => {
  const pair = k % PAIRS;
  const flip = Math.floor(k / PAIRS) % 2 === 1;
  return { from: 2 * pair + (flip ? 1 : 0), to: 2 * pair + (flip ? 0 : 1) };
};

interface Outcome {
  acks: number[];
  received: number[];
  sent: number;
  answered: number;
  refused: string[];
  lost: number;
  duplicates: number;
  spanS: number;
}
function outcome(plan: Planned[], answers: Answered[], arrivals: Array<[number, number]>, markerOf: (k: number) => number): Outcome {
  const at = new Map(arrivals.map(([m]) => [m, 0]));
  for (const [m] of arrivals) at.set(m, at.get(m)! + 1);
  const firstArrival = new Map<number, number>();
  for (const [m, t] of arrivals) if (!firstArrival.has(m) || firstArrival.get(m)! > t) firstArrival.set(m, t);
  const acks: number[] = [];
  const received: number[] = [];
  const refused: string[] = [];
  let lost = 0;
  answers.forEach((a, k) => {
    const ok = a.status === 200 || a.status === 201;
    if (!ok) return void refused.push(`${a.status} ${a.text}`);
    acks.push(a.answeredAt - a.sentAt);
    const t = firstArrival.get(markerOf(k));
    if (t === undefined) lost++;
    else received.push(t - a.sentAt);
  });
  const duplicates = [...at.values()].reduce((s, n) => s + Math.max(0, n - 1), 0);
  const spanS = (Math.max(...answers.map((a) => a.answeredAt)) - Math.min(...answers.map((a) => a.sentAt))) / 1000;
  return { acks, received, sent: plan.length, answered: acks.length, refused, lost, duplicates, spanS };
}

export async function scenarioS4(lines: string[], o: LiveOptions) {
  const site = await startBenchServer(o.db);
  const { host, url } = site;
  const bare = await startBareHost();
  try {
    // Staff accounts: the per-account limit (20 a minute) would refuse people chatting once a second; staff are exempt.
    const accounts: Account[] = [];
    for (let i = 0; i < PAIRS * 2; i++) accounts.push(await host.call('account', `bench-s4-${i}`, ['admin'], { allowDM: true }));

    // One real message, to give the bare server the same bytes.
    const probe = connect(url, { transports: ['websocket'], auth: { token: accounts[1]!.token } });
    await new Promise((r) => probe.once('connect', () => r(null)));
    await new Promise((r) => probe.emit('room:join', { room: `user:${accounts[1]!.id}` }, r));
    const frameArrived = new Promise<{ payload: { message: Record<string, unknown> } }>((r) => probe.once('room:event', r));
    const [first] = await sendScheduled([{ atMs: 0, url: `${url}/api/message`, headers: { 'x-access-token': accounts[0]!.token }, body: JSON.stringify({ data: { toUserId: accounts[1]!.id, type: 'direct', content: content(999_999) } }) }]);
    if (first!.status !== 201) throw new Error(`message answered ${first!.status} ${first!.text}`);
    const frame = await frameArrived;
    probe.disconnect();

    lines.push(
      `### S4: chat between ${PAIRS} pairs at R messages/s, one node (${modeLabel(o.db)})`,
      '',
      `\`POST /api/message\` (direct) from ${PAIRS * 2} staff accounts (exempt from the 20-a-minute limit, which would refuse a person sending once a second), sent on an open loop for ${o.seconds} s from one process (Node's HTTP client on kept-alive connections), after a first second at the same rate that is not measured (the bare server gets the same); each of the ${PAIRS * 2} people has one signed-in socket in its \`user:\` room (one client process). Ack = request sent → 201 (the message is stored by then; there is no separate socket ack); receiver = sent → the recipient's socket has it; lost = answered 201 but not at the recipient 1.5 s after the server stopped writing; refused = any other answer, or none within 30 s (the sender gives up; the server may still store and deliver it); persisted = rows written; server CPU per message = the server process's CPU time (all its threads) from the first message sent until the last answer, over the messages sent. "bare" = a plain Socket.IO server relaying the same frame (${JSON.stringify(frame).length} bytes) to the same two rooms at the same rate. Each server runs in a process of its own as a site runs it (bench/live/hosts.ts); RSS and loop lag are the Tribunal node's own.`,
      '',
      '| R msg/s | server | sent / answered in (s) | ack p50 | ack p99 | receiver p50 | receiver p99 | lost / refused / duplicated | server CPU per message | persisted | RSS max | loop lag p99 | target |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    );
    let run = 0;
    for (const rate of o.rates) {
      run++;
      const total = Math.round(rate * o.seconds);
      const markerOf = (k: number) => run * 10_000_000 + k;
      // Tribunal.
      const fleet = await startChatFleet(url, 'tribunal', accounts);
      const tribunalPlan = (length: number, marker: (k: number) => number): Planned[] =>
        Array.from({ length }, (_, k) => {
          const { from, to } = ends(k);
          return { atMs: (k * 1000) / rate, url: `${url}/api/message`, headers: { 'x-access-token': accounts[from]!.token }, body: JSON.stringify({ data: { toUserId: accounts[to]!.id, type: 'direct', content: content(marker(k)) } }) };
        });
      const plan = tribunalPlan(total, markerOf);
      // A first second at the same rate, not measured: the figures are of a warmed-up server (the bare one gets the same).
      await sendScheduled(tribunalPlan(rate, (k) => markerOf(WARM_UP + k)));
      const stored = () => host.call('messageCount');
      await quiet(stored);
      const before = await stored();
      await host.call('lagStart');
      const stopRss = watchRss([host.pid], 50);
      const cpuBefore = readCpuMs(host.pid);
      const answers = await sendScheduled(plan);
      const tribunalCpuMs = readCpuMs(host.pid) - cpuBefore;
      // Requests the sender gave up on may still be in the server: wait until it stops writing (and so the bare run after it has the machine to itself).
      await quiet(stored);
      await sleep(1500);
      const [rss] = stopRss();
      const lagP99 = await host.call('lagStop');
      const t = outcome(plan, answers, await fleet.arrivals(), markerOf);
      const persisted = (await stored()) - before;

      // Bare: the same frame, marked the same way, to the same two rooms.
      const bareFleet = await startChatFleet(bare.url, 'bare', accounts);
      const barePlanOf = (length: number, marker: (k: number) => number): Planned[] =>
        Array.from({ length }, (_, k) => {
          const { from, to } = ends(k);
          const message = { ...frame.payload.message, byUserId: accounts[from]!.id, toUserId: accounts[to]!.id, content: content(marker(k)) };
          return { atMs: (k * 1000) / rate, url: `${bare.url}/reply`, headers: {}, body: JSON.stringify({ room: '', rooms: [`user:${accounts[from]!.id}`, `user:${accounts[to]!.id}`], event: { ...frame, payload: { message } } }) };
        });
      const barePlan = barePlanOf(total, markerOf);
      await sendScheduled(barePlanOf(rate, (k) => markerOf(WARM_UP + k)));
      await sleep(500);
      const bareCpuBefore = readCpuMs(bare.pid);
      const bareAnswers = await sendScheduled(barePlan);
      const bareCpuMs = readCpuMs(bare.pid) - bareCpuBefore;
      await sleep(1500);
      const b = outcome(barePlan, bareAnswers, await bareFleet.arrivals(), markerOf);

      for (const [name, r, cpuMs] of [['bare', b, bareCpuMs], ['Tribunal', t, tribunalCpuMs]] as const) {
        const tribunal = name === 'Tribunal';
        const cpuPerMessage = `${((cpuMs * 1000) / r.sent).toFixed(0)} µs`;
        lines.push(
          `| ${rate} | ${name} | ${r.sent} / ${r.answered} in ${r.spanS.toFixed(1)} | ${ms(pct(r.acks, 0.5))} | ${ms(pct(r.acks, 0.99))} | ${ms(pct(r.received, 0.5))} | ${ms(pct(r.received, 0.99))} | ${r.lost} / ${r.refused.length} / ${r.duplicates} | ${cpuPerMessage} | ${tribunal ? persisted : ''} | ${tribunal ? `${rss!.toFixed(0)} MB` : ''} | ${tribunal ? ms(lagP99) : ''} | ${tribunal ? 'ack p99 ≤ 100, receiver p99 ≤ 150, 0 lost' : ''} |`,
        );
      }
      if (t.refused.length) console.log(`refused, e.g.: ${t.refused[0]}`);
      console.log(lines.slice(-2).join('\n'));
    }
    lines.push('');
  } finally {
    await bare.close();
    await site.close();
  }
}
