/**
 * S3: S2 over two nodes. Two server processes on PostgreSQL + Redis (the Redis adapter carries the
 * fan-out between them), the N sockets split across the nodes, replies sent to node A. Beside it,
 * in the same run, the same processes with every socket on node A (one node's figure).
 */
import { ms, pct, signed, startSender, type LiveOptions, type Send } from './common';
import { measureFanOut, type FanOut } from './node-fanout';
import { NOT_RUN, markedText, serverModeUrls, startTwoNodeSite } from './nodes';

const TARGET_MS = 10;

export async function scenarioS3(lines: string[], o: LiveOptions) {
  lines.push('### S3: S2 over two nodes (PostgreSQL + Redis adapter), sockets split across the nodes', '');
  const urls = serverModeUrls();
  if (!urls) return void lines.push(`| S3 | ${NOT_RUN} |`, '|---|---|', '');
  const site = await startTwoNodeSite(urls.adminUrl, urls.redisUrl);
  const sender = await startSender();
  try {
    const [a, b] = site.nodes as [(typeof site.nodes)[0], (typeof site.nodes)[0]];
    const token = await site.signIn(a.url, 'demo-bot');
    const room = `case:${site.caseId}`;
    const reply: Send = (marker) => sender.post(`${a.url}/api/player/reply`, { 'x-access-token': token }, { data: { toPlayerId: site.caseId, content: markedText(marker) }, SKIP_CAPTCHA: true });
    lines.push(
      `${o.replies} replies ${o.gapMs} ms apart per size, sent to node A; ${o.fleets} client processes. "one node": every socket on node A; "two nodes": fleets alternate between node A and node B, so half the sockets get the reply through Redis. Same processes, same database, same run. Target: two-node p95 ≤ one-node p95 + ${TARGET_MS} ms. RSS max and loop lag p99 per node (A / B).`,
      '',
      '| N | layout | delivery p50 | p95 | p99 | last of a reply (p50 / max) | p95 over one node | HTTP response p50 / p99 | lost / duplicated | RSS max A / B | loop lag p99 A / B |',
      '|---|---|---|---|---|---|---|---|---|---|---|',
    );
    for (const n of o.sizes) {
      const one = await measureFanOut(o, n, [a.url], room, reply, [a, b]);
      const two = await measureFanOut(o, n, [a.url, b.url], room, reply, [a, b]);
      const row = (name: string, r: FanOut) =>
        `| ${n} | ${name} | ${ms(pct(r.deliveries, 0.5))} | ${ms(pct(r.deliveries, 0.95))} | ${ms(pct(r.deliveries, 0.99))} | ${ms(pct(r.lastPerWrite, 0.5))} / ${ms(Math.max(...r.lastPerWrite))} | ${
          r === two ? `${signed(pct(two.deliveries, 0.95) - pct(one.deliveries, 0.95))} (${pct(two.deliveries, 0.95) - pct(one.deliveries, 0.95) <= TARGET_MS ? 'met' : 'not met'})` : ''
        } | ${ms(pct(r.responses, 0.5))} / ${ms(pct(r.responses, 0.99))} | ${r.lost} / ${r.duplicates} | ${r.rssMb.map((x) => x.toFixed(0)).join(' / ')} MB | ${r.lagP99.map(ms).join(' / ')} |`;
      lines.push(row('one node', one), row('two nodes', two));
      console.log(lines.slice(-2).join('\n'));
    }
    lines.push('');
  } finally {
    sender.stop();
    await site.close();
  }
}
