/**
 * Every bench in one command, one after the other (they share the machine's 2 cores, so none runs
 * beside another): `npm run bench:all -- [--only read,live,bundle,pages,robustness] [--dry-run]`.
 * The read path at 100,000 and 1,000,000 cases and embedded, each live scenario at its full sizes
 * (bench/live.ts), the embedded one-node scenarios again on PostgreSQL, the bundle, the public pages' Largest
 * Contentful Paint on a throttled phone, and the long fuzz run and
 * the faults under load. Each step
 * writes its own section of bench/RESULTS.md, so the file then holds one coherent run of the code.
 * Steps that need PostgreSQL or Redis are left out (and said so) when DATABASE_URL or REDIS_URL is
 * unset, instead of overwriting their sections with "not run".
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';

interface Step {
  group: 'read' | 'live' | 'bundle' | 'pages' | 'robustness';
  what: string;
  script: string;
  args: string[];
  needs: Array<'DATABASE_URL' | 'REDIS_URL'>;
}

const live = (what: string, args: string[], needs: Step['needs'] = []): Step => ({ group: 'live', what, script: 'bench:live', args, needs });

/** Each scenario from N = 100 to 10,000 (the issue asks how every figure grows), with the sizes its target names among them. */
const STEPS: Step[] = [
  { group: 'read', what: 'read path, 100,000 cases (PostgreSQL)', script: 'bench', args: ['--cases', '100000'], needs: ['DATABASE_URL'] },
  { group: 'read', what: 'read path, 1,000,000 cases (PostgreSQL)', script: 'bench', args: ['--cases', '1000000', '--keep'], needs: ['DATABASE_URL'] },
  { group: 'read', what: 'read path, embedded (PGlite)', script: 'bench', args: ['--db', 'pglite', '--cases', '100000'], needs: [] },
  { group: 'read', what: 'start time and resident memory of one node (embedded; PostgreSQL + Redis when set)', script: 'bench:start', args: [], needs: [] },
  live('S2 and S8, embedded', ['--scenario', 'S2', '--sockets', '100,1000,3000,5000,10000']),
  live('S4 and S5, embedded', ['--scenario', 'S4,S5', '--viewers', '100,1000,3000,10000']),
  live('S4 and S5 on PostgreSQL', ['--scenario', 'S4,S5', '--db', 'postgres', '--viewers', '100,1000,3000,10000'], ['DATABASE_URL']),
  live('S3, two nodes', ['--scenario', 'S3', '--sockets', '100,1000,3000,5000,10000'], ['DATABASE_URL', 'REDIS_URL']),
  live('S6, push to all on two nodes', ['--scenario', 'S6', '--sockets', '100,1000,5000,10000'], ['DATABASE_URL', 'REDIS_URL']),
  live('S7, reconnect storm', ['--scenario', 'S7', '--sockets', '100,1000,5000,10000'], ['DATABASE_URL', 'REDIS_URL']),
  live('S9, name search at 1,000,000 cases', ['--scenario', 'S9', '--cases', '1000000'], ['DATABASE_URL']),
  live('S10, queue hop', ['--scenario', 'S10'], ['REDIS_URL']),
  { group: 'bundle', what: 'client bundle', script: 'bench:bundle', args: [], needs: [] },
  { group: 'pages', what: 'Largest Contentful Paint of the public pages, throttled phone', script: 'bench:lcp', args: ['--runs', '5'], needs: [] },
  { group: 'robustness', what: 'fuzzing every route and the socket protocol (random seed)', script: 'bench:fuzz', args: ['--runs', '100', '--sockets', '500'], needs: [] },
  { group: 'robustness', what: 'faults under load (two nodes)', script: 'bench:faults', args: [], needs: ['DATABASE_URL'] },
];

const { values } = parseArgs({ options: { only: { type: 'string' }, 'dry-run': { type: 'boolean', default: false } } });
const groups = new Set((values.only ?? 'read,live,bundle,pages,robustness').split(',').map((g) => g.trim()));
const root = path.resolve(import.meta.dirname, '..');
const outcomes: string[] = [];
let failed = 0;

for (const step of STEPS) {
  if (!groups.has(step.group)) continue;
  const missing = step.needs.filter((name) => !process.env[name]);
  if (missing.length) {
    outcomes.push(`left out  ${step.what} (set ${missing.join(' and ')})`);
    continue;
  }
  const command = ['run', step.script, ...(step.args.length ? ['--', ...step.args] : [])];
  if (values['dry-run']) {
    outcomes.push(`would run npm ${command.join(' ')}  (${step.what})`);
    continue;
  }
  console.log(`\n=== ${step.what}: npm ${command.join(' ')}`);
  const started = Date.now();
  const run = spawnSync('npm', command, { cwd: root, stdio: 'inherit', env: process.env });
  const took = `${((Date.now() - started) / 60_000).toFixed(1)} min`;
  if (run.status === 0) outcomes.push(`done      ${step.what} (${took})`);
  else {
    failed++;
    outcomes.push(`FAILED    ${step.what} (exit ${run.status ?? run.signal}, ${took})`);
  }
}

console.log(`\n${outcomes.join('\n')}`);
process.exit(failed ? 1 : 0);
