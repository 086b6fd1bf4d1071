/**
 * `npm run bench:import [-- --size small|full] [--keep]`: writes a synthetic BFBAN database of the
 * real site's size (200,000 players, 1,000,000 comments, 50,000 users; bench/bfban/generate.ts)
 * into MariaDB, imports it with the operator's command (`npm run cli -- import-bfban`) into a fresh
 * PostgreSQL database (DATABASE_URL, default the local one) or, with `--embedded`, into PGlite,
 * and records the time and the command's peak memory (VmHWM of its process) in bench/RESULTS.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { createScratchDatabase } from './bfban/scratch-database';
import { FULL, generateBfban, SMALL } from './bfban/generate';
import { adminQuery, databaseUrlFor, quoteIdent } from '../server/test/pg-admin';
import { writeResults } from './results';

const { values } = parseArgs({ options: { size: { type: 'string', default: 'full' }, embedded: { type: 'boolean' }, keep: { type: 'boolean' } } });
const size = values.size === 'small' ? SMALL : FULL;
const root = path.resolve(import.meta.dirname, '..');

const peakOf = (pid: number) => {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
};

const source = await createScratchDatabase('bfban_bench');
const pgAdmin = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const pgName = `tribunal_import_bench_${crypto.randomBytes(4).toString('hex')}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribunal-import-bench-'));
try {
  const conn = await source.connect();
  const g0 = Date.now();
  let shown = 0;
  const gen = await generateBfban(conn, {
    ...size,
    onProgress: (table, rows) => {
      if (Date.now() - shown > 5_000) {
        shown = Date.now();
        console.log(`generating ${table}: ${rows.toLocaleString('en-US')}`);
      }
    },
  });
  await conn.end();
  const generateS = (Date.now() - g0) / 1000;
  const rows = Object.values(gen.counts).reduce((a, b) => a + b, 0);
  console.log(`generated ${rows.toLocaleString('en-US')} rows in ${generateS.toFixed(0)} s:`, gen.counts);

  const env: Record<string, string | undefined> = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'error', REDIS_URL: undefined };
  if (values.embedded) env.DATABASE_URL = undefined;
  else {
    await adminQuery(pgAdmin, `CREATE DATABASE ${quoteIdent(pgName)}`);
    env.DATABASE_URL = databaseUrlFor(pgAdmin, pgName);
  }
  const loadBefore = os.loadavg()[0]!;
  const t0 = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/cli.ts'), 'import-bfban', '--from', source.url, '--time-zone', '+08:00'], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
  let peakMb = 0;
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, peakOf(child.pid!))), 500);
  let out = '';
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
    process.stdout.write(d);
  });
  const code = await new Promise<number>((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
  clearInterval(sampler);
  const importS = (Date.now() - t0) / 1000;
  const summary = out.split('\n').filter((l) => /^(table|players|name_logs|users|comments|messages|storage_items|storage_quotas|operation_log)\s+[\d,]+( read, .*\(|\s+[\d,]+)/.test(l) || /^table\s+read/.test(l));
  const steps = out.split('\n').filter((l) => /^ {2}\S.*\(\d+\.\d s\)/.test(l)).map((l) => l.trim());
  const md = [
    `### BFBAN import: ${size.players.toLocaleString('en-US')} players, ${gen.counts.comments!.toLocaleString('en-US')} comments, ${gen.counts.users!.toLocaleString('en-US')} users (${rows.toLocaleString('en-US')} source rows)`,
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on this machine (${os.cpus().length} cores, ${os.cpus()[0]?.model ?? 'unknown'}, shared: load average ${loadBefore.toFixed(2)} at the start, ${os.loadavg()[0]!.toFixed(2)} at the end), MariaDB ${values.embedded ? '-> PGlite (embedded, in the import\'s process)' : '-> PostgreSQL'}; \`npm run bench:import${values.embedded ? ' -- --embedded' : ''}\`. The whole command (read, map, write, build the indexes, recount), exit code ${code} (${code ? 'rows refused: the generated quirk rows' : 'nothing refused'}). Peak memory is the command's process (PostgreSQL's own is not counted; PGlite's is).`,
    '',
    '| figure | value |',
    '|---|---|',
    `| import time | ${importS.toFixed(0)} s (${(rows / importS).toFixed(0)} rows/s) |`,
    `| peak memory of the import process (VmHWM) | ${peakMb.toFixed(0)} MB |`,
    `| generating the source (MariaDB) | ${generateS.toFixed(0)} s |`,
    '',
    '```',
    ...summary,
    ...steps,
    '```',
  ].join('\n');
  writeResults(`import${values.embedded ? '-embedded' : ''}${values.size === 'small' ? '-small' : ''}`, md);
  console.log(`\nimport took ${importS.toFixed(0)} s, peak RSS ${peakMb.toFixed(0)} MB (exit ${code})`);
} finally {
  if (!values.keep) {
    await source.drop();
    if (!values.embedded) await adminQuery(pgAdmin, `DROP DATABASE IF EXISTS ${quoteIdent(pgName)} WITH (FORCE)`).catch(() => undefined);
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}
