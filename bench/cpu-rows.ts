/**
 * CPU time per request of chosen read-bench rows (bench/read/rows.ts) against an already seeded
 * database (bench/seed-scratch.ts), beside the bare `node:http` and Express hello-worlds of the same
 * run. CPU per request moves far less than requests/s when other work shares the machine, so this
 * tells what a change saves where requests/s cannot. With `--before DIR` (another checkout whose
 * server is built: `npm run build:server` there) the same rows run against both servers, in turns,
 * on the same database (or, with `BEFORE_DATABASE_URL`, the other one on a copy of it: when this
 * checkout's migrations change what is measured):
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/perf1m npx tsx bench/cpu-rows.ts --cases 1000000
 *     [--rows 'case read|user search'] [--seconds 5] [--rounds 3] [--before ../main] [--prof DIR]
 *
 * Each figure is the median over the rounds. `--prof DIR` runs this checkout's server under
 * `--cpu-prof`. Rows that need signed-in accounts are left out (`npm run bench` signs them in).
 * Writes its table to bench/RESULTS.md (section `read-cpu-<cases>`).
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { measure, type Measured } from './read/load';
import { readRows } from './read/rows';
import { writeResults } from './results';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    cases: { type: 'string', default: '20000' },
    rows: { type: 'string', default: '' },
    seconds: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '20' },
    before: { type: 'string' },
    prof: { type: 'string' },
  },
});
const dbUrl = process.env.DATABASE_URL;
if (!dbUrl) throw new Error('set DATABASE_URL to a seeded database (bench/seed-scratch.ts)');
const CASES = Number(values.cases);
const chosen = new RegExp(values.rows || '.', 'i');

const children: ChildProcess[] = [];
function start(cwd: string, args: string[], env: Record<string, string>, ready: RegExp): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(child);
    const timer = setTimeout(() => reject(new Error(`${args.join(' ')} did not start`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => ready.test(chunk.toString()) && (clearTimeout(timer), resolve(child)));
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited ${code}`)));
  });
}
const appEnv = (port: number) => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  DATABASE_URL: dbUrl,
  REDIS_URL: process.env.REDIS_URL ?? '',
  SEED_DEMO: 'false',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  SECRET: 'bench-secret-0123456789abcdef',
  DATA_DIR: '/tmp/tribunal-cpu-rows',
});

execFileSync('npm', ['run', '--silent', 'build:server'], { cwd: root, stdio: 'inherit' });
/** A checkout's production node flags (its deploy/node-args.json). */
const nodeArgsOf = (dir: string): string[] => JSON.parse(fs.readFileSync(path.join(dir, 'deploy/node-args.json'), 'utf8'));
const BASELINES = ['baseline: node:http hello-world', 'baseline: Express hello-world'];
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
try {
  const bare = await start(root, ['--import', 'tsx', 'bench/baseline-server.ts', 'bare'], { PORT: '8191' }, /baseline \w+ ready/);
  const express = await start(root, ['--import', 'tsx', 'bench/baseline-server.ts', 'express'], { PORT: '8193' }, /baseline \w+ ready/);
  const prof = values.prof ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(values.prof)}`] : [];
  const apps = [{ name: 'this checkout', port: 8192, child: await start(root, [...prof, ...nodeArgsOf(root), 'bin/tribunal.js'], appEnv(8192), /Tribunal is running/) }];
  // BEFORE_DATABASE_URL: a copy of the database for the other checkout, when this one migrates it (`createdb -T`).
  const beforeEnv = { ...appEnv(8194), DATABASE_URL: process.env.BEFORE_DATABASE_URL ?? dbUrl };
  if (values.before) apps.unshift({ name: 'before', port: 8194, child: await start(path.resolve(values.before), [...nodeArgsOf(path.resolve(values.before)), 'bin/tribunal.js'], beforeEnv, /Tribunal is running/) });
  const all = readRows({ cases: CASES, users: Math.max(1000, Math.round(CASES / 10)), bots: [], members: [], embedded: true });
  const hello = all[0]!.requests;
  const rows = all.filter((r) => r.server === 'app' && chosen.test(r.name) && !/signed-in|bot replies/.test(r.name));
  const cpu = new Map<string, number[]>();
  const p99 = new Map<string, number[]>();
  const split = new Map<string, Array<Measured['cpuSplitUs']>>();
  const db = new Map<string, number[]>();
  const add = <T,>(map: Map<string, T[]>, key: string, value: T) => map.set(key, [...(map.get(key) ?? []), value]);
  const run = async (key: string, port: number, pid: number, requests: typeof hello, counted?: string[]) => {
    const m = await measure({ url: `http://127.0.0.1:${port}`, pid }, Number(values.connections), Number(values.seconds), requests, counted);
    add(cpu, key, m.cpuUs);
    add(p99, key, m.counted.p99);
    add(split, key, m.cpuSplitUs);
    add(db, key, m.dbCpuUs);
    console.log(`${key}: ${m.cpuUs.toFixed(0)} µs/req (PostgreSQL ${m.dbCpuUs.toFixed(0)} µs), ${m.counted.perSecond.toFixed(0)}/s, p99 ${m.counted.p99.toFixed(1)} ms, non-2xx ${m.counted.failed}`);
  };
  const loadAtStart = os.loadavg()[0]!;
  for (let round = 0; round < Number(values.rounds); round++) {
    await run('baseline: node:http hello-world', 8191, bare.pid!, hello);
    await run('baseline: Express hello-world', 8193, express.pid!, hello);
    for (const row of rows) for (const app of apps) await run(`${row.name}|${app.name}`, app.port, app.child.pid!, row.requests, row.counted);
  }
  const cell = (key: string) => `${median(cpu.get(key)!).toFixed(0)} µs (p99 ${median(p99.get(key)!).toFixed(0)} ms)`;
  const header = ['row', ...(values.before ? ['before', 'after'] : ['this checkout'])];
  const lines = [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...BASELINES.map((k) => `| ${k} | ${header.slice(1).map(() => cell(k)).join(' | ')} |`),
    ...rows.map((row) => `| ${row.name} | ${apps.map((a) => cell(`${row.name}|${a.name}`)).join(' | ')} |`),
  ];
  // The round whose total is the median, split by thread and by user space and kernel.
  const splitCell = (key: string) => {
    const rounds = split.get(key)!;
    const m = [...rounds].sort((a, b) => a.mainUser + a.mainSystem + a.otherThreads - (b.mainUser + b.mainSystem + b.otherThreads))[Math.floor(rounds.length / 2)]!;
    return [m.mainUser, m.mainSystem, m.otherThreads].map((us) => `${us.toFixed(0)} µs`).join(' | ');
  };
  const splitKeys = [
    ...BASELINES.map((k) => [k, k]),
    ...rows.flatMap((row) => apps.map((a) => [`${row.name}${values.before ? ` (${a.name})` : ''}`, `${row.name}|${a.name}`])),
  ];
  const splitLines = [
    '| row | main thread, user | main thread, kernel | other threads |',
    '|---|---|---|---|',
    ...splitKeys.map(([label, key]) => `| ${label} | ${splitCell(key!)} |`),
  ];
  const dbLines = [
    `| row | ${header.slice(1).join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.name} | ${apps.map((a) => `${median(db.get(`${row.name}|${a.name}`)!).toFixed(0)} µs`).join(' | ')} |`),
  ];
  console.log(`\n${lines.join('\n')}\n\n${splitLines.join('\n')}\n\n${dbLines.join('\n')}`);
  writeResults(
    `read-cpu-${CASES}`,
    [
      `### Read path, CPU per request: ${CASES} cases (PostgreSQL), ${values.connections} connections, ${values.rounds} rounds of ${values.seconds} s per server`,
      '',
      `Measured ${new Date().toISOString().slice(0, 16)} UTC by \`bench/cpu-rows.ts\` on ${os.cpus().length} cores, load average ${loadAtStart.toFixed(2)} at the start and ${os.loadavg()[0]!.toFixed(2)} at the end. The serving process's CPU time (all its threads) per answer, median of the rounds, beside the hello-worlds of the same run; p99 moves with the machine's other work.${values.before ? ' "before" is another checkout\'s server on the same database, run in turns with this one.' : ''}`,
      '',
      ...lines,
      '',
      'Where that time went (the median round): the main thread, where JavaScript runs, in user space and in the kernel (system calls: socket reads and writes), and the other threads (the garbage collector\'s helpers, libuv\'s pool), from `/proc`. A CPU profile samples by the clock and charges a system call with the time its thread waited for the CPU inside it, so it overstates socket writes on a busy machine.',
      '',
      ...splitLines,
      '',
      "PostgreSQL's CPU time per answer (median of the rounds): every PostgreSQL process of the machine, the backends and the writers of its log and pages, so other databases' work on the same server counts too.",
      '',
      ...dbLines,
    ].join('\n'),
  );
} finally {
  for (const child of children) child.kill('SIGTERM');
}
