/**
 * S3 and S6 through the deploy: N sockets connect to nginx (which spreads new WebSockets over the
 * three nodes by their key) and the writes go to nginx too (least_conn spreads them over the nodes).
 * Beside each, in the same run, the baseline: every socket and every write on node 1 directly.
 */
import { ms, pct, type LiveOptions, type Send, type startSender } from '../live/common';
import { measureFanOut, type FanOut } from '../live/node-fanout';
import { markedText } from '../live/nodes';
import type { DeploySite } from './site';

type Sender = Awaited<ReturnType<typeof startSender>>;
const ratio = (x: number, base: number) => (Number.isFinite(x / base) ? `×${(x / base).toFixed(2)}` : '–');

interface Kind {
  id: 'S3' | 'S6';
  title: string;
  room: string;
  what: string;
  /** The write to a base address (a node's or the site's). */
  send(base: string): Send;
}

export async function fanOutKinds(site: DeploySite, sender: Sender): Promise<Kind[]> {
  const bot = await site.signIn('demo-bot');
  const staff = await site.signIn('demo-super');
  return [
    {
      id: 'S3',
      title: 'S3 through the deploy: a reply → N sockets in the case room',
      room: `case:${site.caseId}`,
      what: 'replies by demo-bot',
      send: (base) => (marker) => sender.post(`${base}/api/player/reply`, { 'x-access-token': bot }, { data: { toPlayerId: site.caseId, content: markedText(marker) }, SKIP_CAPTCHA: true }),
    },
    {
      id: 'S6',
      title: 'S6 through the deploy: a staff push to all → N sockets',
      room: 'all',
      what: '`toAll` messages by demo-super',
      send: (base) => (marker) => sender.post(`${base}/api/message`, { 'x-access-token': staff }, { data: { type: 'toAll', content: markedText(marker) } }),
    },
  ];
}

export async function deployFanOut(lines: string[], o: LiveOptions, site: DeploySite, kind: Kind) {
  const one = site.nodes[0]!;
  lines.push(
    `#### ${kind.title}`,
    '',
    `${o.replies} ${kind.what} ${o.gapMs} ms apart per size; ${o.fleets} client processes. "node 1": every socket and write on node 1 directly (the baseline); "nginx": sockets and writes through nginx at the site's address, spread over the ${site.nodes.length} nodes (the sockets by nginx's hash of each WebSocket's key, the writes by least_conn). Ratios are to the baseline of the same size. RSS max and loop lag p99 per node (${site.nodes.map((n) => n.n).join(' / ')}).`,
    '',
    '| N | via | delivery p50 | p95 | p99 | last of a write (p50 / max) | p95 / baseline | HTTP response p50 / p99 | lost / duplicated | RSS max | loop lag p99 |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const n of o.sizes) {
    const base = await measureFanOut(o, n, [one.url], kind.room, kind.send(one.url), site.nodes);
    const through = await measureFanOut(o, n, [site.url], kind.room, kind.send(site.url), site.nodes);
    const row = (via: string, r: FanOut) =>
      `| ${n} | ${via} | ${ms(pct(r.deliveries, 0.5))} | ${ms(pct(r.deliveries, 0.95))} | ${ms(pct(r.deliveries, 0.99))} | ${ms(pct(r.lastPerWrite, 0.5))} / ${ms(Math.max(...r.lastPerWrite))} | ${
        r === through ? ratio(pct(through.deliveries, 0.95), pct(base.deliveries, 0.95)) : ''
      } | ${ms(pct(r.responses, 0.5))} / ${ms(pct(r.responses, 0.99))} | ${r.lost} / ${r.duplicates} | ${r.rssMb.map((x) => x.toFixed(0)).join(' / ')} MB | ${r.lagP99.map(ms).join(' / ')} |`;
    lines.push(row('node 1', base), row('nginx', through));
    console.log(lines.slice(-2).join('\n'));
  }
  lines.push('');
}
