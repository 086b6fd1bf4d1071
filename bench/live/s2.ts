/**
 * S2: a reply on a case → N sockets in that case's room, one node (embedded): delivery = request
 * sent → event received, against a bare Socket.IO server emitting the same frames to the same N.
 * Also: HTTP response time, server RSS and event-loop lag (p99), memory of one idle socket.
 */
import { io as connect } from 'socket.io-client';
import { ms, pct, signed, sleep, startBareHost, startBenchServer, startFleet, startSender, type LiveOptions, type Send, modeLabel } from './common';
import { watchRss, type Host } from './hosts';
import { readCpuMs } from './process-cpu';
import type { CommonOps } from './host-ipc';
import { scenarioS8 } from './s8';

interface Run {
  deliveries: number[];
  responses: number[];
  expected: number;
  received: number;
  duplicates: number;
  /** Per reply: its first delivery (the request's own path, before the fan-out's length counts) and its last. */
  firstPerReply: number[];
  lastPerReply: number[];
  rssMb: number;
  lagP99: number;
  idleSocketKb: number;
  /** The server process's CPU time (all its threads) over the measured replies and their fan-out, per reply. */
  cpuMsPerReply: number;
}

/** The server's heap and external memory once the sockets of the last size are gone. */
async function settledHeap(host: Host<CommonOps>) {
  for (let i = 0; i < 100 && (await host.call('clients')) > 0; i++) await sleep(100);
  await sleep(200);
  return host.call('settledHeap');
}

/** N sockets in the room through `fleets`, then REPLIES marked writes, one after another. */
async function measure(o: LiveOptions, n: number, host: Host<CommonOps>, room: string, kind: 'tribunal' | 'bare', send: Send): Promise<Run> {
  const { fleets: FLEETS, replies: REPLIES, gapMs: GAP_MS } = o;
  const heapBefore = await settledHeap(host);
  const fleets = await Promise.all(Array.from({ length: FLEETS }, (_, i) => startFleet(host.url, room, Math.floor(n / FLEETS) + (i < n % FLEETS ? 1 : 0), kind)));
  await sleep(500);
  const idleSocketKb = ((await host.call('settledHeap')) - heapBefore) / 1024 / n;
  // Warm-up replies are not counted (their markers are not among those sent below).
  for (let i = 0; i < 3; i++) await send(1_000_000 + i);
  await sleep(200);
  await host.call('lagStart');
  const stopRss = watchRss([host.pid], 50);
  const cpuBefore = readCpuMs(host.pid);
  const sentAt = new Map<number, number>();
  const responses: number[] = [];
  for (let i = 0; i < REPLIES; i++) {
    const sent = await send(i);
    sentAt.set(i, sent.sentAt);
    responses.push(sent.responseMs);
    await sleep(GAP_MS);
  }
  await sleep(Math.max(1000, n / 5));
  const cpuMsPerReply = (readCpuMs(host.pid) - cpuBefore) / REPLIES;
  const lagP99 = await host.call('lagStop');
  const [rssMax] = stopRss();
  const reports = await Promise.all(fleets.map((f) => f.ask<{ arrivals: Array<[number, number[]]> }>('report')));
  for (const f of fleets) f.child.send({ type: 'stop' });
  await Promise.all(fleets.map((f) => new Promise((r) => (f.child.exitCode !== null ? r(null) : f.child.once('exit', r)))));
  const deliveries: number[] = [];
  const perReply = new Map<number, number[]>();
  for (const { arrivals } of reports) {
    for (const [marker, times] of arrivals) {
      const t0 = sentAt.get(marker);
      if (t0 === undefined) continue;
      for (const t of times) deliveries.push(t - t0);
      perReply.set(marker, [...(perReply.get(marker) ?? []), ...times.map((t) => t - t0)]);
    }
  }
  const received = deliveries.length;
  const expected = n * REPLIES;
  // A socket that got a marker twice shows up as more arrivals than sockets for that reply.
  const duplicates = [...perReply.values()].reduce((sum, list) => sum + Math.max(0, list.length - n), 0);
  return {
    deliveries,
    responses,
    expected,
    received,
    duplicates,
    firstPerReply: [...perReply.values()].map((l) => Math.min(...l)),
    lastPerReply: [...perReply.values()].map((l) => Math.max(...l)),
    rssMb: rssMax!,
    lagP99,
    idleSocketKb,
    cpuMsPerReply,
  };
}

/** Rounds of one server at one size as one run: every delivery and reply counted, the worst RSS and lag, the mean CPU and socket memory. */
function pooled(runs: Run[]): Run {
  const mean = (pick: (r: Run) => number) => runs.reduce((sum, r) => sum + pick(r), 0) / runs.length;
  return {
    deliveries: runs.flatMap((r) => r.deliveries),
    responses: runs.flatMap((r) => r.responses),
    expected: runs.reduce((sum, r) => sum + r.expected, 0),
    received: runs.reduce((sum, r) => sum + r.received, 0),
    duplicates: runs.reduce((sum, r) => sum + r.duplicates, 0),
    firstPerReply: runs.flatMap((r) => r.firstPerReply),
    lastPerReply: runs.flatMap((r) => r.lastPerReply),
    rssMb: Math.max(...runs.map((r) => r.rssMb)),
    lagP99: Math.max(...runs.map((r) => r.lagP99)),
    idleSocketKb: mean((r) => r.idleSocketKb),
    cpuMsPerReply: mean((r) => r.cpuMsPerReply),
  };
}

export async function scenarioS2(lines: string[], o: LiveOptions) {
  const { fleets: FLEETS, replies: REPLIES, gapMs: GAP_MS } = o;
  const site = await startBenchServer(o.db);
  const { url, token, dbId, room } = site;
  const bare = await startBareHost();
  try {
    const words = ['flank', 'smoke', 'spotted', 'prefire', 'recoil', 'tracking', 'wallbang', 'headshot'];
    const content = (marker: number) => `<p>bench-mark-${marker}- seen ${words[marker % words.length]} again, round ${marker * 7 + 3}.</p>`;

    // The frames one real reply causes (the entry, then the case's new counts), to give the bare server the same bytes to send.
    const probe = connect(url, { transports: ['websocket'] });
    await new Promise((r) => probe.once('connect', () => r(null)));
    await new Promise((r) => probe.emit('room:join', { room }, r));
    const frames: unknown[] = [];
    probe.on('room:event', (ev) => frames.push(ev));
    probe.on('room:events', (evs: unknown[]) => frames.push(...evs));
    const sender = await startSender();
    const reply: Send = (marker) => sender.post(`${url}/api/player/reply`, { 'x-access-token': token }, { data: { toPlayerId: dbId, content: content(marker) }, SKIP_CAPTCHA: true });
    await reply(999_999);
    await sleep(500);
    const frame = JSON.stringify(frames);
    probe.disconnect();
    const bareSend: Send = (marker) => sender.post(`${bare.url}/reply`, {}, { room, events: JSON.parse(frame.replace(/bench-mark-\d+-/, `bench-mark-${marker}-`)) });

    lines.push(
      `### S2: a reply → N sockets in the case room, one node (${modeLabel(o.db)})`,
      '',
      `${o.rounds} round${o.rounds > 1 ? 's' : ''} per size of ${REPLIES} replies ${GAP_MS} ms apart to each server (the servers' order alternating from round to round, the rounds pooled: a drift in the machine's speed slows both alike), ${FLEETS} client processes; delivery = request sent → event received ("first of a reply": its earliest delivery, the write's own path before the fan-out's length counts); "bare" = a plain Socket.IO server emitting the same ${frames.length} frames a reply causes (${frame.length} bytes) to the same N in the same run. Each server runs in a process of its own as a site runs it (bench/live/hosts.ts): RSS, loop lag, CPU (user + system time of all its threads from the first counted reply until its last delivery, over the replies) and the idle socket's memory (heap and external memory per socket, after collection) are that process's own.`,
      '',
      '| N | server | delivery p50 | p95 | p99 | first of a reply (p50) | last of a reply (p50 / max) | over bare p99 | HTTP response p50 / p99 | lost / duplicated | server CPU per reply | RSS max | loop lag p99 | idle socket |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    );
    for (const n of o.sizes) {
      const tRuns: Run[] = [];
      const bRuns: Run[] = [];
      for (let round = 0; round < o.rounds; round++) {
        const tribunalFirst = round % 2 === 0;
        if (tribunalFirst) tRuns.push(await measure(o, n, site.host, room, 'tribunal', reply));
        bRuns.push(await measure(o, n, bare, room, 'bare', bareSend));
        if (!tribunalFirst) tRuns.push(await measure(o, n, site.host, room, 'tribunal', reply));
      }
      const t = pooled(tRuns);
      const b = pooled(bRuns);
      for (const [name, r] of [['bare', b], ['Tribunal', t]] as const) {
        lines.push(
          `| ${n} | ${name} | ${ms(pct(r.deliveries, 0.5))} | ${ms(pct(r.deliveries, 0.95))} | ${ms(pct(r.deliveries, 0.99))} | ${ms(pct(r.firstPerReply, 0.5))} | ${ms(pct(r.lastPerReply, 0.5))} / ${ms(Math.max(...r.lastPerReply))} | ${name === 'bare' ? '' : signed(pct(t.deliveries, 0.99) - pct(b.deliveries, 0.99))} | ${ms(pct(r.responses, 0.5))} / ${ms(pct(r.responses, 0.99))} | ${r.expected - r.received + r.duplicates > 0 ? `${Math.max(0, r.expected - r.received)} / ${r.duplicates}` : '0 / 0'} | ${r.cpuMsPerReply.toFixed(1)} ms | ${r.rssMb.toFixed(0)} MB | ${ms(r.lagP99)} | ${r.idleSocketKb.toFixed(1)} KB |`,
        );
      }
      console.log(lines.slice(-2).join('\n'));
    }
    lines.push('');
    await scenarioS8(lines, url, room, reply);
    sender.stop();
  } finally {
    await bare.close();
    await site.close();
  }
}

