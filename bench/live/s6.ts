/**
 * S6: a staff push to everyone (a `toAll` message by demo-super, `message.new` on the `all` room)
 * reaching N sockets split across two nodes. Target: the last socket has it within 1 s.
 */
import { ms, pct, startSender, type LiveOptions, type Send } from './common';
import { measureFanOut } from './node-fanout';
import { NOT_RUN, markedText, serverModeUrls, startTwoNodeSite } from './nodes';

const TARGET_MS = 1000;

export async function scenarioS6(lines: string[], o: LiveOptions) {
  lines.push('### S6: a staff push to all → N sockets on two nodes (PostgreSQL + Redis adapter)', '');
  const urls = serverModeUrls();
  if (!urls) return void lines.push(`| S6 | ${NOT_RUN} |`, '|---|---|', '');
  const site = await startTwoNodeSite(urls.adminUrl, urls.redisUrl);
  const sender = await startSender();
  try {
    const [a, b] = site.nodes as [(typeof site.nodes)[0], (typeof site.nodes)[0]];
    const token = await site.signIn(a.url, 'demo-super');
    const push: Send = (marker) => sender.post(`${a.url}/api/message`, { 'x-access-token': token }, { data: { type: 'toAll', content: markedText(marker) } });
    lines.push(
      `${o.replies} pushes ${o.gapMs} ms apart per size, sent to node A; ${o.fleets} client processes alternating between node A and node B, every socket in the \`all\` room. Delivery = request sent → \`message.new\` received. Target: last delivery of a push ≤ ${TARGET_MS} ms. RSS max and loop lag p99 per node (A / B).`,
      '',
      '| N | delivery p50 | p95 | p99 | last of a push (p50 / max) | target | HTTP response p50 / p99 | lost / duplicated | RSS max A / B | loop lag p99 A / B |',
      '|---|---|---|---|---|---|---|---|---|---|',
    );
    for (const n of o.sizes) {
      const r = await measureFanOut(o, n, [a.url, b.url], 'all', push, [a, b]);
      const last = Math.max(...r.lastPerWrite);
      lines.push(
        `| ${n} | ${ms(pct(r.deliveries, 0.5))} | ${ms(pct(r.deliveries, 0.95))} | ${ms(pct(r.deliveries, 0.99))} | ${ms(pct(r.lastPerWrite, 0.5))} / ${ms(last)} | ${last <= TARGET_MS && r.lost === 0 ? 'met' : 'not met'} | ${ms(pct(r.responses, 0.5))} / ${ms(pct(r.responses, 0.99))} | ${r.lost} / ${r.duplicates} | ${r.rssMb.map((x) => x.toFixed(0)).join(' / ')} MB | ${r.lagP99.map(ms).join(' / ')} |`,
      );
      console.log(lines.at(-1));
    }
    lines.push('');
  } finally {
    sender.stop();
    await site.close();
  }
}
