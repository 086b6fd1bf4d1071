/**
 * Faults under load: two real nodes on PostgreSQL + a private Redis, a load generator
 * running throughout, and one fault after another — SIGKILL of a node, a Redis restart, PostgreSQL
 * cut off, the upload disk full, a slow database, a rolling restart. Per fault: requests, clear
 * errors by code, answers that were no envelope, accepted writes lost or doubled (markers in the
 * database), events lost (seq gaps, accepted writes a watcher never saw), recovery time.
 * Writes the 'faults' section of bench/RESULTS.md. Needs DATABASE_URL's server (default: the local
 * one), redis-server on the PATH, and root for the tmpfs (else a plain directory, filled by a file).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, fork } from 'node:child_process';
import pg from 'pg';
import { openDatabase } from '@server/db/client';
import { openAnswer } from '@server/infra/captcha';
import { adminQuery, databaseUrlFor, dropDatabase, quoteIdent } from '@server/test/pg-admin';
import { startPrivateRedis } from '@server/test/private-redis';
import { startCutRelay } from '@server/test/cut-relay';
import { startNode, type NodeProcess } from '@server/test/node-process';
import { writeResults } from './results';
import type { LoadInit, LoadReport } from './faults/load';
import { figuresTable, phaseFigures, type Phase } from './faults/report';

const HOLD_MS = 5_000;
const OBSERVE_MS = 8_000;
const STATEMENT_TIMEOUT_MS = 1_500;
const PASSWORD = 'faults-bench-pass';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (msg: string) => console.log(`[faults ${new Date().toISOString().slice(11, 19)}] ${msg}`);

const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const pgTarget = new URL(adminUrl);
const dbName = `tribunal_faults_${crypto.randomBytes(4).toString('hex')}`;
const dbUrl = databaseUrlFor(adminUrl, dbName);
const cleanups: Array<() => Promise<unknown> | unknown> = [];

async function main() {
  const started = Date.now();
  // The nodes run bin/tribunal.js: the server bundle, built from these sources.
  execFileSync('npm', ['run', '--silent', 'build:server'], { cwd: path.resolve(import.meta.dirname, '..'), stdio: 'inherit' });
  await adminQuery(adminUrl, `CREATE DATABASE ${quoteIdent(dbName)}`);
  cleanups.push(() => dropDatabase(adminUrl, dbName));
  await (await openDatabase({ databaseUrl: dbUrl })).close();

  const redis = await startPrivateRedis();
  cleanups.push(() => redis.kill());
  const relay = await startCutRelay(pgTarget.hostname, Number(pgTarget.port || 5432));
  cleanups.push(() => relay.close());

  // Uploads go to a small tmpfs of our own; without root, to a directory that a filler file fills.
  const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribunal-faults-uploads-'));
  cleanups.push(() => fs.rmSync(uploadDir, { recursive: true, force: true }));
  let uploadDisk: string;
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=32m', 'tmpfs', uploadDir], { stdio: 'ignore' });
    uploadDisk = '32 MiB tmpfs';
    cleanups.push(() => execFileSync('umount', [uploadDir]));
  } catch {
    uploadDisk = 'a plain directory (tmpfs could not be mounted): "full" is only as full as its file system gets';
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribunal-faults-data-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const env = {
    SECRET: crypto.randomBytes(24).toString('hex'),
    SEED_DEMO: 'true',
    DEMO_PASSWORD: PASSWORD,
    DATABASE_URL: relay.url(dbUrl),
    REDIS_URL: redis.url,
    REDIS_PREFIX: `faults${crypto.randomBytes(3).toString('hex')}:`,
    UPLOAD_DIR: uploadDir,
    DATA_DIR: dataDir,
    DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
  };
  // Nodes we did not stop ourselves but that exited: crashes.
  const crashes: string[] = [];
  let onNodesChanged = () => undefined as void;
  const live: NodeProcess[] = [];
  const expected = new Set<NodeProcess>();
  const startOne = async (name: string) => {
    const n = await startNode(env);
    // The last of what the node printed, to tell why it died if it does.
    let tail = '';
    const keep = (c: Buffer) => (tail = (tail + c.toString()).slice(-4_000));
    n.child.stdout!.on('data', keep);
    n.child.stderr!.on('data', keep);
    n.child.once('exit', (code, signal) => {
      if (expected.has(n)) return;
      crashes.push(`${name} exited (${code ?? signal})`);
      // The balancer takes it out, as it does a killed one.
      if (live.includes(n)) live.splice(live.indexOf(n), 1);
      onNodesChanged();
      log(`node ${name} exited by itself (${code ?? signal}); its last output:\n${tail}`);
    });
    live.push(n);
    return n;
  };
  /** A crash (kill): the balancer notices afterwards. A planned stop: it takes the node out first and lets requests in flight end. */
  const stopOne = async (n: NodeProcess, how: 'kill' | 'stop') => {
    expected.add(n);
    live.splice(live.indexOf(n), 1);
    if (how === 'stop') {
      onNodesChanged();
      await sleep(300);
    }
    await (how === 'kill' ? n.kill() : n.stop());
  };
  cleanups.push(async () => {
    for (const n of [...live]) await stopOne(n, 'stop');
  });
  log('starting node A and node B');
  await startOne('A');
  await startOne('B');

  const captcha = await (await fetch(`${live[0]!.url}/api/captcha`)).json();
  const answer = openAnswer(env.SECRET, captcha.data.hash)!;
  const signin = await fetch(`${live[0]!.url}/api/user/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data: { username: 'demo-bot', password: PASSWORD }, captcha: { captchaType: 'svg', encryptCaptcha: captcha.data.hash, response: answer.text } }),
  });
  const token = ((await signin.json()) as { data: { token: string } }).data.token;
  const players = (await (await fetch(`${live[0]!.url}/api/players?limit=3&status=0`)).json()) as { data: { result: Array<{ id: number }> } };
  const cases = players.data.result.map((p) => p.id);

  const load = fork(path.join(import.meta.dirname, 'faults/load.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  cleanups.push(() => load.exitCode === null && load.kill());
  const ready = new Promise((resolve) => load.once('message', resolve));
  const tellNodes = () => void (load.connected && load.send({ type: 'nodes', urls: live.map((n) => n.url) }));
  onNodesChanged = tellNodes;
  load.send({ type: 'init', nodes: live.map((n) => n.url), token, cases, writers: 3, gapMs: 100 } satisfies LoadInit);
  await ready;
  log(`load running: 3 writers, 2 readers, 1 uploader, ${cases.length * 2} watchers on cases ${cases.join(', ')}`);

  const phases: Phase[] = [];
  const phase = async (name: string, inject: () => Promise<void>, remove: () => Promise<void>) => {
    log(name);
    const p: Phase = { name, injectedAt: Date.now(), removedAt: 0, endAt: 0 };
    phases.push(p);
    await inject();
    await remove();
    p.removedAt = Date.now();
    await sleep(OBSERVE_MS);
    p.endAt = Date.now();
  };

  await phase('baseline (no fault)', async () => undefined, async () => undefined);
  await phase(
    'SIGKILL node A (restarted after 5 s)',
    async () => {
      await stopOne(live[0]!, 'kill');
      // The balancer takes the dead node out once it sees it down.
      tellNodes();
      await sleep(HOLD_MS);
    },
    async () => {
      await startOne('A2');
      tellNodes();
    },
  );
  await phase(
    'Redis restart (down 5 s)',
    async () => {
      await redis.kill();
      await sleep(HOLD_MS);
    },
    () => redis.start(),
  );
  await phase(
    'PostgreSQL cut off 5 s (relay)',
    async () => {
      await relay.cut();
      await sleep(HOLD_MS);
    },
    () => relay.restore(),
  );
  const filler = path.join(uploadDir, 'filler');
  await phase(
    'upload disk full 5 s',
    async () => {
      const st = fs.statfsSync(uploadDir);
      fs.writeFileSync(filler, Buffer.alloc(Math.max(0, st.bavail * st.bsize - 4_096)));
      await sleep(HOLD_MS);
    },
    async () => fs.rmSync(filler, { force: true }),
  );
  const holder = new pg.Client({ connectionString: dbUrl });
  await holder.connect();
  cleanups.push(() => holder.end());
  await phase(
    `slow database 5 s (timeline locked, statement limit ${STATEMENT_TIMEOUT_MS} ms)`,
    async () => {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE timeline IN EXCLUSIVE MODE');
      await sleep(HOLD_MS);
    },
    async () => void (await holder.query('ROLLBACK')),
  );
  await phase(
    'rolling restart of both nodes (SIGTERM, start, next)',
    async () => {
      for (const [i, old] of [...live].entries()) {
        await stopOne(old, 'stop');
        tellNodes();
        await startOne(`R${i + 1}`);
        tellNodes();
      }
    },
    async () => undefined,
  );

  log('stopping the load');
  const done = new Promise<LoadReport>((resolve) => load.on('message', (m: LoadReport) => m.type === 'done' && resolve(m)));
  load.send({ type: 'stop' });
  const report = await done;
  fs.writeFileSync(path.join(os.tmpdir(), 'tribunal-faults-last.json'), JSON.stringify({ phases, report }));

  const rows = await adminQuery<{ content: string }>(dbUrl, `SELECT content FROM timeline WHERE content LIKE '%Fault bench write%'`);
  const stored = new Map<string, number>();
  for (const r of rows) for (const m of r.content.match(/fb-\d+-\d+-x/g) ?? []) stored.set(m, (stored.get(m) ?? 0) + 1);
  const figures = phases.map((p) => phaseFigures(p, report, stored));
  const alive = live.filter((n) => n.child.exitCode === null && n.child.signalCode === null).length;
  // The whole run, the moments between phases included.
  const whole = phaseFigures({ name: 'whole run', injectedAt: 0, removedAt: 0, endAt: Infinity }, report, stored);
  const unacknowledged = report.requests.filter((r) => r.kind === 'write' && !(r.status >= 200 && r.status < 300) && stored.get(r.marker!));

  const md = [
    '## Faults under load (`npm run bench:faults`)',
    '',
    `Two node processes (bin/tribunal.js) on a fresh PostgreSQL database reached through a cuttable TCP relay, a private redis-server, uploads on ${uploadDisk}. ` +
      `Load throughout (one child process): 3 writers posting replies (unique markers) every ${100} ms round robin over the live nodes, 2 readers, 1 uploader (a new 48×48 noise PNG every 500 ms), ` +
      `${report.watchers.length} watcher sockets (2 per case, re-joining with their last seq on a live node after a disconnect). ` +
      `Each fault is held ${HOLD_MS / 1000} s, then removed and watched ${OBSERVE_MS / 1000} s; a phase's figures count requests sent from its start to the next phase's.`,
    '',
    figuresTable(figures),
    '',
    `Whole run: ${phases.length - 1} faults injected; ${whole.sent} requests, ${whole.writesAccepted} writes accepted; accepted writes lost ${whole.writesLost}, duplicates ${whole.duplicates}, events lost ${whole.eventsLost}. ` +
      (unacknowledged.length
        ? `Stored without an acknowledgement: ${unacknowledged.map((r) => `${r.marker} (${r.status ? `${r.status} ${r.code ?? ''}` : 'no answer'} after ${r.t1 - r.t0} ms)`).join(', ')}. `
        : '') +
      `Watchers joined ${report.watchers.reduce((n, w) => n + w.joins, 0)} times (first joins, re-joins after a disconnect or a hole), holes still open at the end ${report.watchers.reduce((n, w) => n + w.holesAtEnd, 0)}, refetch told ${report.watchers.reduce((n, w) => n + w.refetches, 0)} times. ` +
      `Node processes alive at the end: ${alive} of 2; crashed (exited without being stopped): ${crashes.length ? crashes.join(', ') : 'none'}. Run took ${((Date.now() - started) / 1000).toFixed(0)} s.`,
    '',
    '"no envelope": no HTTP answer (connection refused or reset, a node being killed) or a body that is no JSON envelope. ' +
      '"stored, not acknowledged": a write whose answer was an error or never came but which is in the database (once): the writer cannot tell, and a retry would double it. ' +
      '"removed → errors end": from the fault\'s removal to the end of the last failed request sent after it (0: none failed).',
  ].join('\n');
  console.log(`\n${md}\n`);
  writeResults('faults', md);
}

main()
  .catch((e) => {
    console.error(e);
    process.exitCode = 1;
  })
  .finally(async () => {
    for (const fn of cleanups.reverse()) await Promise.resolve().then(fn).catch((e) => console.error('cleanup:', (e as Error).message));
    process.exit();
  });
