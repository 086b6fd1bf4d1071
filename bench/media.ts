/**
 * Media benchmark: the server runs in its own process (PostgreSQL, in-process jobs) and
 * this one plays the clients, sampling the server's resident memory (/proc/<pid>/status) all along.
 *
 * 1. Memory under upload load: `--clients` (20) upload a 30 MiB video at once through the raw PUT.
 *    Uploads stream to disk, so the peak RSS should stay near the idle RSS, not grow by 20 × 30 MiB.
 * 2. Image job throughput: `--images` (40) 1600×1200 JPEGs uploaded at once, timed until every one
 *    is `ready` (sharp on one libvips thread per job, two jobs at a time: sized for 2 cores).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/media.ts [--clients 20] [--images 40]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import sharp from 'sharp';
import { createTokenService } from '@server/infra/tokens';

const { values } = parseArgs({ options: { clients: { type: 'string', default: '20' }, images: { type: 'string', default: '40' } } });
const CLIENTS = Number(values.clients);
const IMAGES = Number(values.images);
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) throw new Error('set DATABASE_URL to a PostgreSQL server (the bench creates its own database there)');

const root = path.resolve(import.meta.dirname, '..');
const SECRET = 'bench-secret-media-0123456789abcdef';
const PORT = 8183;
const DATA_DIR = '/tmp/tribunal-bench-media';
const dbName = 'tribunal_bench_media';
const dbUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${dbName}`);
fs.rmSync(DATA_DIR, { recursive: true, force: true });

const server: ChildProcess = await new Promise((resolve, reject) => {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATABASE_URL: dbUrl, SEED_DEMO: 'false', LOG_LEVEL: 'warn', NODE_ENV: 'production', SECRET, DATA_DIR, SERVE_CLIENT: 'false' };
  delete env.REDIS_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
  child.stdout!.on('data', (chunk: Buffer) => /Tribunal is running/.test(chunk.toString()) && resolve(child));
  child.on('exit', (code) => reject(new Error(`server exited ${code}`)));
});

const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.pid}/status`, 'utf8'))![1]) / 1024;
function sampler() {
  let peak = 0;
  const t = setInterval(() => (peak = Math.max(peak, rssMb())), 20);
  return () => {
    clearInterval(t);
    return Math.max(peak, rssMb());
  };
}

const db = new pg.Client({ connectionString: dbUrl });
await db.connect();
const tokens = createTokenService(SECRET);
/** Staff accounts: their quota (2 GB a day) and the upload limit leave the bench alone. */
async function staff(n: number) {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const username = `bench-media-${i}-${crypto.randomBytes(3).toString('hex')}`;
    const { rows } = await db.query(`INSERT INTO users (username, password_hash, privileges) VALUES ($1, 'x', '["admin"]') RETURNING id`, [username]);
    out.push((await tokens.sign({ userId: rows[0].id, username, userAvatar: '', privilege: ['admin'], visitType: 'websites' })).token);
  }
  return out;
}

function put(token: string, body: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: PORT, method: 'PUT', path: '/api/service/upload', headers: { 'x-access-token': token, 'Content-Type': 'application/octet-stream', 'Content-Length': body.length } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    // Written in 64 KiB pieces, as a network would deliver them.
    let at = 0;
    const pump = () => {
      while (at < body.length) {
        const more = req.write(body.subarray(at, (at += 64 * 1024)));
        if (!more) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

try {
  // 1. Memory while 20 clients upload 30 MiB each.
  const video = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom\0\0\x02\0isomiso2', 'latin1'), crypto.randomBytes(30 * 1024 * 1024 - 24)]);
  const uploaders = await staff(CLIENTS);
  await new Promise((r) => setTimeout(r, 1000));
  const idle = rssMb();
  const stop = sampler();
  const t0 = performance.now();
  const statuses = await Promise.all(uploaders.map((t) => put(t, video)));
  const seconds = (performance.now() - t0) / 1000;
  const peak = stop();
  console.log(`\n${CLIENTS} clients × 30 MiB raw PUT at once: ${statuses.filter((s) => s === 201).length}/${CLIENTS} stored in ${seconds.toFixed(1)} s (${((CLIENTS * 30) / seconds).toFixed(0)} MiB/s)`);
  console.log(`server RSS: idle ${idle.toFixed(0)} MB, peak ${peak.toFixed(0)} MB (+${(peak - idle).toFixed(0)} MB for ${CLIENTS * 30} MiB in flight)`);

  // 2. Image job throughput.
  const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).jpeg({ quality: 70 }).toBuffer();
  const [imageToken] = await staff(1);
  const idle2 = rssMb();
  const stop2 = sampler();
  const t1 = performance.now();
  const up = await Promise.all(Array.from({ length: IMAGES }, () => put(imageToken!, photo)));
  if (up.some((s) => s !== 201)) throw new Error(`uploads refused: ${up.join(',')}`);
  const uploaded = performance.now();
  for (;;) {
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM files WHERE kind = 'image' AND state = 'processing'`);
    if (rows[0].n === 0) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const total = (performance.now() - t1) / 1000;
  const { rows: states } = await db.query(`SELECT state, count(*)::int AS n FROM files WHERE kind = 'image' GROUP BY state`);
  const peak2 = stop2();
  console.log(`\n${IMAGES} images of 1600×1200 (${(photo.length / 1024).toFixed(0)} KiB JPEG each): uploaded in ${((uploaded - t1) / 1000).toFixed(1)} s, all processed in ${total.toFixed(1)} s → ${(IMAGES / total).toFixed(1)} images/s`);
  console.log(`states: ${states.map((r) => `${r.state} ${r.n}`).join(', ')}; server RSS idle ${idle2.toFixed(0)} MB, peak ${peak2.toFixed(0)} MB`);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await db.end();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
}
