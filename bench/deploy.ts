/**
 * The live benches through the local multi-machine deploy (deploy/local/site.sh): `npm run
 * bench:deploy -- [--site-dir DIR] [--scenario S3,S6,S7,reads] [--sockets 300] [--replies 20]
 * [--gap 100] [--fleets 2] [--clients 300] [--kill 2] [--connections 10] [--seconds 10]`.
 * Without --site-dir it starts a site of its own (after `npm run build`) and stops it at the end;
 * with it, it uses that running site (started with DEMO_PASSWORD). S3 and S6: sockets and writes
 * through nginx against every socket on node 1 (bench/deploy/fan-out.ts); S7: a node killed under
 * the clients and started again, with counts of anything lost (bench/deploy/node-loss.ts); reads:
 * case reads per second on the replica against the primary (bench/deploy/replica-reads.ts).
 * Written into bench/RESULTS.md, section `deploy`.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { writeResults } from './results';
import { startSender, type LiveOptions } from './live/common';
import { openSite } from './deploy/site';
import { deployFanOut, fanOutKinds } from './deploy/fan-out';
import { deployNodeLoss } from './deploy/node-loss';
import { deployReplicaReads } from './deploy/replica-reads';

const { values } = parseArgs({
  options: {
    'site-dir': { type: 'string' },
    scenario: { type: 'string', default: 'S3,S6,S7,reads' },
    sockets: { type: 'string', default: '300' },
    replies: { type: 'string', default: '20' },
    gap: { type: 'string', default: '100' },
    fleets: { type: 'string', default: '2' },
    clients: { type: 'string', default: '300' },
    kill: { type: 'string', default: '2' },
    connections: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '10' },
  },
});
const wanted = new Set(values.scenario!.toUpperCase().split(','));
const o: LiveOptions = {
  sizes: values.sockets!.split(',').map(Number).filter((n) => n > 0 && n <= 5_000),
  replies: Math.max(1, Math.min(Number(values.replies), 200)),
  rounds: 1,
  fleets: Math.max(1, Math.min(Number(values.fleets), 8)),
  gapMs: Number(values.gap),
  rates: [],
  viewers: [],
  cases: 0,
  typists: [],
  seconds: Math.max(1, Math.min(Number(values.seconds), 120)),
  db: 'postgres',
};

const site = await openSite(values['site-dir']);
const sender = await startSender();
const lines = [
  `Measured ${new Date().toISOString().slice(0, 16)} UTC on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'cpu'}), load average ${os.loadavg()[0]!.toFixed(2)} at the start. Everything on this one machine: ${site.nodes.length} nodes (bin/tribunal.js) behind nginx (deploy/nginx.conf), PostgreSQL with a streaming replica, a Redis Cluster of three masters, the S3 object store (deploy/local/site.sh).`,
  '',
];
try {
  for (const kind of await fanOutKinds(site, sender)) if (wanted.has(kind.id)) await deployFanOut(lines, o, site, kind);
  if (wanted.has('S7')) await deployNodeLoss(lines, o, site, sender, Math.max(1, Number(values.clients)), Number(values.kill));
  if (wanted.has('READS')) await deployReplicaReads(lines, o, site, Math.max(1, Number(values.connections)));
  lines.push(`Load average ${os.loadavg()[0]!.toFixed(2)} at the end.`);
  writeResults('deploy', `### The live benches through the local deploy (\`npm run bench:deploy\`)\n\n${lines.join('\n')}`);
  console.log('\nwritten to bench/RESULTS.md (section deploy)');
} finally {
  sender.stop();
  await site.close();
}
process.exit(0);
