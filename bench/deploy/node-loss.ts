/**
 * S7 through the deploy: N clients (the site's realtime client) on one case, connected through
 * nginx and so spread over the nodes; a reply written through nginx every WRITE_GAP_MS throughout;
 * the case read through nginx every READ_GAP_MS. One node is killed (site.sh kill-node: SIGKILL)
 * and, once its clients are back on the others, started again. Nothing may be lost: every client
 * reaches the room's head with no hole in its sequence (what it missed comes as a replay), and every
 * write nginx acknowledged is in the case's timeline, read back through nginx.
 */
import { ms, now, pct, sleep, type LiveOptions, type startSender } from '../live/common';
import { markedText } from '../live/nodes';
import { headOf, readLoop, startStormFleet } from '../live/s7';
import type { StormClientReport } from '../live/storm-fleet';
import type { DeploySite } from './site';

type Sender = Awaited<ReturnType<typeof startSender>>;
const WRITE_GAP_MS = 100;
const STORM_LIMIT_MS = 60_000;
/** How long after the kill every client still connected is taken as not on the killed node. */
const NOTICE_MS = 3000;
const MARK = /bench-mark-(\d+)-/g;
const FIRST_MARKER = 5_000_000;

/** Every marker in the case's replies, read page by page through the site (a fresh URL: past nginx's second). */
async function markersInTimeline(site: DeploySite, caseId: number): Promise<Set<number>> {
  const seen = new Set<number>();
  for (let skip = 0; ; skip += 100) {
    const res = await fetch(`${site.url}/api/player/timeline?dbId=${caseId}&subject=reply&limit=100&skip=${skip}&fresh=${Date.now()}`);
    const text = await res.text();
    if (!res.ok) throw new Error(`timeline answered ${res.status}: ${text.slice(0, 200)}`);
    for (const m of text.matchAll(MARK)) seen.add(Number(m[1]));
    const { data } = JSON.parse(text) as { data: { result: unknown[]; total: number } };
    if (data.result.length === 0 || skip + 100 >= data.total) return seen;
  }
}

export async function deployNodeLoss(lines: string[], o: LiveOptions, site: DeploySite, sender: Sender, clients: number, victim: number) {
  const room = `case:${site.caseId}`;
  const bot = await site.signIn('demo-bot');
  const fleets = await Promise.all(Array.from({ length: o.fleets }, (_, i) => startStormFleet(site.url, site.url, room, Math.floor(clients / o.fleets) + (i < clients % o.fleets ? 1 : 0))));
  const caseUrl = `${site.url}/api/player?dbId=${site.caseId}`;
  const acked: number[] = [];
  let refused = 0;
  let writing = true;
  const writer = (async () => {
    for (let i = FIRST_MARKER; writing; i++) {
      await sender
        .post(`${site.url}/api/player/reply`, { 'x-access-token': bot }, { data: { toPlayerId: site.caseId, content: markedText(i) }, SKIP_CAPTCHA: true })
        .then(() => acked.push(i))
        .catch(() => refused++);
      await sleep(WRITE_GAP_MS);
    }
  })();
  const stopQuiet = readLoop(caseUrl);
  await sleep(2000);
  const quiet = await stopQuiet();
  const stopStorm = readLoop(caseUrl);
  const killedAt = now();
  await site.sh(['kill-node', String(victim)]);
  let reports: StormClientReport[] = [];
  for (;;) {
    await sleep(500);
    reports = (await Promise.all(fleets.map((f) => f.report()))).flat();
    const settled = now() - killedAt > NOTICE_MS && reports.every((r) => r.downAt === null || r.backAt !== null);
    if (settled || now() - killedAt > STORM_LIMIT_MS) break;
  }
  const during = await stopStorm();
  // The node comes back while the writes and reads go on.
  const stopAfter = readLoop(caseUrl);
  const restartAt = now();
  await site.sh(['start-node', String(victim)]);
  const restartMs = now() - restartAt;
  await sleep(2000);
  writing = false;
  await writer;
  const after = await stopAfter();
  await sleep(1500);
  const head = await headOf(site.url, room);
  reports = (await Promise.all(fleets.map((f) => f.report()))).flat();
  for (const f of fleets) f.child.send({ type: 'stop' });
  await Promise.all(fleets.map((f) => new Promise((r) => (f.child.exitCode !== null ? r(null) : f.child.once('exit', r)))));
  // The timeline is read from the replica (a visitor's read): a moment for it to replay the last writes.
  let stored = await markersInTimeline(site, site.caseId);
  if (acked.some((m) => !stored.has(m))) {
    await sleep(3000);
    stored = await markersInTimeline(site, site.caseId);
  }

  const dropped = reports.filter((r) => r.downAt !== null);
  const back = dropped.flatMap((r) => (r.backAt === null ? [] : [r.backAt - killedAt]));
  const expected = reports.reduce((sum, r) => sum + (head - r.joinedAt), 0);
  const passedOn = reports.reduce((sum, r) => sum + r.events, 0);
  const missed = reports.reduce((sum, r) => sum + (r.refetches ? 0 : Math.max(0, head - r.lastSeq)), 0);
  const skipped = reports.reduce((sum, r) => sum + r.skipped, 0);
  const refetches = reports.reduce((sum, r) => sum + r.refetches, 0);
  const unreadable = acked.filter((m) => !stored.has(m)).length;
  const refusedStored = [...stored].filter((m) => m >= FIRST_MARKER && !acked.includes(m)).length;
  const readFailed = quiet.failed + during.failed + after.failed;
  const nothingLost = dropped.length > 0 && back.length === dropped.length && missed === 0 && skipped === 0 && refetches === 0 && passedOn === expected && unreadable === 0 && readFailed === 0;

  lines.push(
    `#### S7 through the deploy: node ${victim} of ${site.nodes.length} killed under ${clients} clients, then started again`,
    '',
    `${clients} clients of the site's realtime client (${o.fleets} processes) on one case, connected through nginx; a reply by demo-bot through nginx every ${WRITE_GAP_MS} ms throughout; the case read through nginx (its one-second cache on) every 50 ms. Node ${victim} killed with SIGKILL after 2 s; its clients reconnect to nginx with Socket.IO's back-off and land on the other nodes, re-joining with their last sequence; once they are back the node is started again (site.sh start-node) and the writes go on 2 s more. Expected events = per client, the room's head at the end minus its sequence at the first join; passed on = events the client handed to the page in order (a hole counts as skipped).`,
    '',
    '| what | figure |',
    '|---|---|',
    `| clients on node ${victim} when it died (dropped) / back / not back | ${dropped.length} / ${back.length} / ${dropped.length - back.length} |`,
    `| back after the kill p50 / p99 / last | ${ms(pct(back, 0.5))} / ${ms(pct(back, 0.99))} / ${ms(Math.max(...back))} ms |`,
    `| events expected by the sockets / passed on in sequence | ${expected} / ${passedOn} |`,
    `| missed / skipped / refetches | ${missed} / ${skipped} / ${refetches} |`,
    `| writes acknowledged / readable in the timeline afterwards | ${acked.length} / ${acked.length - unreadable} |`,
    `| writes refused (in flight on the killed node) / of them stored anyway | ${refused} / ${refusedStored} |`,
    `| case read p50 / p99: quiet / while clients came back / after the restart | ${ms(pct(quiet.times, 0.5))} / ${ms(pct(quiet.times, 0.99))}; ${ms(pct(during.times, 0.5))} / ${ms(pct(during.times, 0.99))}; ${ms(pct(after.times, 0.5))} / ${ms(pct(after.times, 0.99))} ms |`,
    `| case read p99 during the storm / quiet | ×${(pct(during.times, 0.99) / pct(quiet.times, 0.99)).toFixed(2)} |`,
    `| failed reads (of ${quiet.times.length + during.times.length + after.times.length + readFailed}) | ${readFailed} |`,
    `| node ${victim} started again (site.sh start-node, until it serves) | ${ms(restartMs)} ms |`,
    `| nothing lost | ${nothingLost ? 'yes' : 'NO'} |`,
    '',
  );
  console.log(lines.slice(-15).join('\n'));
}
