import fs from 'node:fs';
import autocannon from 'autocannon';
import { loadConfig } from '@server/config';
import { startServer } from '@server/server';
const mb = (n: number) => Math.round(n / 1e6);
const show = (label: string) => {
  const m = process.memoryUsage();
  const roll = fs.readFileSync('/proc/self/smaps_rollup', 'utf8').split('\n').filter(l => /^(Rss|Anonymous|Private_Dirty|Shared_Clean|Private_Clean)/.test(l)).map(l => l.replace(/\s+/g, ' ')).join(' | ');
  console.log(label, 'rss', mb(m.rss), 'heapTotal', mb(m.heapTotal), 'heapUsed', mb(m.heapUsed), 'external', mb(m.external), 'arrayBuffers', mb(m.arrayBuffers), '::', roll);
};
show('start');
const config = loadConfig({ ...process.env, PORT: '8199', HOST: '127.0.0.1', DATA_DIR: '/tmp/tribunal-bench-pglite-100000', SEED_DEMO: 'false', LOG_LEVEL: 'warn', NODE_ENV: 'production', SECRET: 'bench-secret-0123456789abcdef', REDIS_URL: '' });
const server = await startServer(config);
show('started');
const heap = (server.services.database.db as any).$client.mod.HEAPU8.length;
console.log('wasm heap', mb(heap));
const r = await autocannon({ url: 'http://127.0.0.1:8199/api/player/timeline?dbId=5&limit=20', connections: 20, duration: 5 });
console.log('rps', r.requests.average, r.non2xx);
show('after load');
// top mappings
const smaps = fs.readFileSync('/proc/self/smaps', 'utf8').split('\n');
const maps: Array<{ name: string; rss: number }> = [];
let cur: { name: string; rss: number } | null = null;
for (const l of smaps) {
  if (/^[0-9a-f]+-[0-9a-f]+ /.test(l)) { const parts = l.split(/\s+/); const [a, b] = parts[0]!.split('-'); cur = { name: (parts[5] ?? '') + ' size=' + mb(parseInt(b!, 16) - parseInt(a!, 16)), rss: 0 }; maps.push(cur); }
  else if (l.startsWith('Rss:') && cur) cur.rss = Number(l.split(/\s+/)[1]) * 1024;
}
maps.sort((a, b) => b.rss - a.rss);
for (const m of maps.slice(0, 12)) console.log(mb(m.rss), m.name);
console.log('wasm heap', mb((server.services.database.db as any).$client.mod.HEAPU8.length));
process.exit(0);
