/**
 * S9: name search through the search box over a large synthetic site (PostgreSQL, bench/dataset.ts),
 * one node. The load is what a debounced box sends while people type real names (a request when
 * the typing pauses longer than the debounce, from 3 characters on), and apart from it the
 * 3-character worst case: the commonest 3-character start of a name key. Next to it, in the same
 * run and from the same load process: the read bench's baselines (Express hello-world and a
 * primary-key select, bench/baseline-server.ts).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fork, spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { nameKey, NAME_SEARCH_MIN } from '@shared/names';
import { LIMITS } from '@shared/limits';
import { GAMES } from '@shared/games';
import { ms, type LiveOptions } from './common';
import { startTribunalHost, watchRss, type Host } from './hosts';
import { readCpuMs } from './process-cpu';
import type { TribunalOps } from './tribunal-host';
import { searchDatabase } from './search-db';
import type { LoadOrder, LoadResult } from './search-load';

/** How long a box waits after the last key before asking (a usual debounce). */
const DEBOUNCE_MS = 300;
/** The names typed: sampled from the dataset. */
const NAMES = 400;

/** A seeded random source: the same keystroke gaps in every run. */
function seeded(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

/** The texts a debounced box sends while someone types `name`: keystroke gaps of 60–450 ms, a request after each pause longer than the debounce, and the whole name. */
function typedQueries(name: string, random: () => number): string[] {
  const out: string[] = [];
  for (let i = 1; i <= name.length; i++) {
    const pause = 60 + random() * 390;
    const text = name.slice(0, i);
    if ((pause > DEBOUNCE_MS || i === name.length) && nameKey(text).length >= NAME_SEARCH_MIN) out.push(text);
  }
  return out;
}

/** A copy of `items` in a random order drawn from `random` (Fisher–Yates). */
function shuffled<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const searchPath = (param: string, sort = 'default', skip = 0, game = 'all') =>
  `/api/search?type=player&param=${encodeURIComponent(param)}&sort=${sort}&skip=${skip}&limit=${LIMITS.pageDefault}${game === 'all' ? '' : `&game=${game}`}`;

function startBaseline(databaseUrl: string): Promise<{ url: string; child: ChildProcess }> {
  const port = 20_000 + crypto.randomInt(20_000);
  const root = path.resolve(import.meta.dirname, '..', '..');
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/baseline-server.ts'], { cwd: root, env: { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (c: Buffer) => /baseline ready/.test(c.toString()) && resolve({ url: `http://127.0.0.1:${port}`, child }));
    child.once('exit', (code) => reject(new Error(`baseline exited ${code}`)));
  });
}

async function load(order: LoadOrder): Promise<LoadResult> {
  const child = fork(path.join(import.meta.dirname, 'search-load.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  await new Promise((r) => child.once('message', r));
  return new Promise((resolve) => {
    child.once('message', (m) => resolve(m as LoadResult));
    child.send(order);
  });
}

/** The load, with the Tribunal node's RSS peak and event-loop lag while it runs, and the CPU time the serving process (`pid`) spent per request. */
async function measured(order: LoadOrder, server: Host<TribunalOps>, pid: number) {
  await server.call('lagStart');
  const stopRss = watchRss([server.pid], 100);
  const cpuBefore = readCpuMs(pid);
  const r = await load(order);
  const cpuUsPerRequest = ((readCpuMs(pid) - cpuBefore) * 1000) / Math.max(1, r.requests);
  const [rssMb] = stopRss();
  return { ...r, rssMb: rssMb!, lagP99: await server.call('lagStop'), cpuUsPerRequest };
}

export async function scenarioS9(lines: string[], o: LiveOptions) {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    lines.push('### S9: live name search', '', 'Not run: set DATABASE_URL (the dataset is built in PostgreSQL).', '');
    return;
  }
  const t0 = Date.now();
  const { url: dbUrl, builtInS } = await searchDatabase(adminUrl, o.cases);
  console.log(`S9: ${o.cases} cases ${builtInS === null ? 'reused' : `built in ${builtInS.toFixed(0)} s`} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);

  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  const names = (await client.query<{ origin_name: string }>(`SELECT origin_name FROM name_history ORDER BY md5(id::text) LIMIT ${NAMES}`)).rows.map((r) => r.origin_name);
  const [worst] = (await client.query<{ k: string; n: string }>(`SELECT left(name_key, 3) AS k, count(*) AS n FROM name_history GROUP BY 1 ORDER BY 2 DESC LIMIT 1`)).rows;
  // The search page's other sorts over what most names hold: read down a case index until a page is full.
  const common = (await client.query<{ k: string }>(`SELECT left(name_key, 5) AS k FROM name_history GROUP BY 1 ORDER BY count(*) DESC LIMIT 6`)).rows.map((r) => r.k);
  const nameRows = Number((await client.query<{ n: string }>('SELECT count(*) AS n FROM name_history')).rows[0]!.n);
  await client.end();
  const random = seeded(16);
  // Shuffled (seeded): a short row at one typist samples the whole mix, not only the first names' queries.
  const typed = shuffled(names.flatMap((n) => typedQueries(n, random)), random);
  const threeChars = typed.filter((q) => nameKey(q).length === 3).length;

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribunal-bench-s9-'));
  const server = await startTribunalHost({ DATA_DIR: dataDir, DATABASE_URL: dbUrl, READ_CACHE_TTL_MS: '0' });
  const baseline = await startBaseline(dbUrl);
  try {
    const seconds = o.seconds;
    lines.push(
      `### S9: name search through the search box, one node (PostgreSQL, ${o.cases.toLocaleString('en')} cases, ${nameRows.toLocaleString('en')} names)`,
      '',
      `"typed": what a box debounced at ${DEBOUNCE_MS} ms sends while ${NAMES} names from the dataset are typed (keystroke gaps 60–450 ms): ${typed.length} queries, ${threeChars} of them 3 characters long, asked in a shuffled order (each client cycles through them). "3-char worst": \`${worst!.k}\`, the commonest 3-character start of a name key (${Number(worst!.n).toLocaleString('en')} names begin with it; as a substring it matches more). N = concurrent clients, each asking again as soon as answered, ${seconds} s per row after a 2 s warm-up. Baselines from the same load process in the same run. Server CPU per request: the serving process's CPU time (all its threads; the database's own is not counted) over the row's requests. Server RSS and loop lag: the Tribunal node (a process of its own, as deployed) during its rows. The read cache is off here (\`READ_CACHE_TTL_MS=0\`): every query reaches the database, as the many different names people type do (a prefix many people type is served from memory on a live site). "Search page sorted": the search page's other orders (newest report, most viewed, most replies) over the ${common.length} commonest 5-character starts of a name key, pages 1 to 3 of each: most cases tie on those columns, so each page is read down the sort's case index, ties by the newest case. "Search page filtered by game": the 3-character worst and the 2 commonest 5-character starts, each game, each of the 4 orders, page 1: a game may hold few of a common start's names (the dataset's \`Old…\` names are all bf1), and those must not be walked to.`,
      '',
      '| N | load | requests | p50 ms | p90 ms | p99 ms | max ms | errors | server CPU per request | RSS max | loop lag p99 | target |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|',
    );
    const rows: Array<[string, string, string[], string]> = [
      ['baseline: hello-world', baseline.url, ['/hello'], ''],
      ['baseline: primary-key select', baseline.url, Array.from({ length: 1000 }, (_, i) => `/pk?id=${1 + ((i * 7919) % o.cases)}`), ''],
      ['typed (debounced box)', server.url, typed.map((q) => searchPath(q)), 'p99 ≤ 100'],
      // Where the time goes: the same mix without its 3-character queries.
      ['typed, 4 characters or more', server.url, typed.filter((q) => nameKey(q).length > 3).map((q) => searchPath(q)), ''],
      ['3-char worst', server.url, [searchPath(worst!.k)], 'p99 ≤ 250'],
      [
        `search page sorted by report time, views or replies: ${common.map((k) => `\`${k}\``).join(', ')}, pages 1-3`,
        server.url,
        common.flatMap((k) => ['latest', 'mostViewed', 'mostComments'].flatMap((sort) => [0, 1, 2].map((page) => searchPath(k, sort, page * LIMITS.pageDefault)))),
        '',
      ],
      [
        `search page filtered by game: ${[worst!.k, ...common.slice(0, 2)].map((k) => `\`${k}\``).join(', ')}, every game and order, page 1`,
        server.url,
        [worst!.k, ...common.slice(0, 2)].flatMap((k) => GAMES.flatMap((game) => ['default', 'latest', 'mostViewed', 'mostComments'].map((sort) => searchPath(k, sort, 0, game)))),
        '',
      ],
    ];
    for (const n of o.typists) {
      for (const [name, url, paths, target] of rows) {
        await load({ url, paths, connections: n, seconds: 2 });
        const own = url === server.url;
        const r = await measured({ url, paths, connections: n, seconds }, server, own ? server.pid : baseline.child.pid!);
        lines.push(`| ${n} | ${name} | ${r.requests} | ${r.p50} | ${r.p90} | ${r.p99} | ${r.max} | ${r.errors} | ${r.cpuUsPerRequest.toFixed(0)} µs | ${own ? `${r.rssMb.toFixed(0)} MB` : ''} | ${own ? ms(r.lagP99) : ''} | ${target} |`);
        console.log(lines.at(-1));
      }
    }
    lines.push('');
  } finally {
    baseline.child.kill('SIGTERM');
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
