/**
 * The long fuzz run: every API route and the realtime protocol, with a random (or given) seed and
 * many more cases than the CI suites. Prints what was fuzzed, answers by status, and each failure
 * with its reproducer (seed + route + fast-check path).
 *
 *   npm run bench:fuzz -- [--seed N] [--runs 300] [--sockets 1000] [--route '/player'] [--pg]
 *   npm run bench:fuzz -- --seed N --route 'POST /api/player/reply' --path '12:3:0'   (replays one case)
 *
 * --pg uses DATABASE_URL (a PostgreSQL admin URL: the run makes and drops its own database) and
 * REDIS_URL when set; otherwise PGlite in memory.
 */
import { parseArgs } from 'node:util';
import fc from 'fast-check';
import { apiRoutes } from '@server/app';
import { createActors, fuzzRoute, newStats, replay, routeName, routeSeed, seedFixtures, type Failure } from '@server/test/fuzz/engine';
import { ROLE_NAMES } from '@server/test/fuzz/actors';
import { watchProcess } from '@server/test/fuzz/ci';
import { startStandaloneTarget } from '@server/test/fuzz/target';
import { socketCaseArb } from '@server/test/fuzz/socket-cases';
import { runSocketCase, SocketPool } from '@server/test/fuzz/socket-run';
import { roomOf } from '@shared/socket';
import { writeResults } from './results';

const { values } = parseArgs({
  options: {
    seed: { type: 'string' },
    runs: { type: 'string', default: '300' },
    sockets: { type: 'string', default: '1000' },
    route: { type: 'string' },
    path: { type: 'string' },
    pg: { type: 'boolean', default: false },
  },
});
const seed = values.seed !== undefined ? Number(values.seed) : Math.floor(Math.random() * 2 ** 31);
const runs = Number(values.runs);
const socketRuns = Number(values.sockets);
const routes = apiRoutes.filter((r) => !values.route || routeName(r).includes(values.route));
if (!routes.length) throw new Error(`no route matches ${values.route}`);
if (values.pg && !process.env.DATABASE_URL) throw new Error('--pg needs DATABASE_URL');

const watch = watchProcess();
const target = await startStandaloneTarget(values.pg ? { databaseUrl: process.env.DATABASE_URL, redisUrl: process.env.REDIS_URL } : {});
const actors = await createActors(target.services, target.freshAccount);
const fixtures = await seedFixtures(target, actors);
const started = Date.now();

if (values.path !== undefined) {
  const route = routes.find((r) => routeName(r) === values.route);
  if (!route) throw new Error(`--path replays one route: give its exact name with --route (e.g. 'POST /api/player/reply')`);
  const problem = await replay(target, actors, route, routeSeed(seed, route), values.path);
  console.log(problem ? `still failing: ${problem}` : 'passes now');
  await target.close();
  process.exit(problem ? 1 : 0);
}

console.log(`fuzzing ${routes.length} routes × ${runs} cases and ${socketRuns} socket cases, seed ${seed} (${values.pg ? 'PostgreSQL' : 'PGlite'})`);
const stats = newStats();
const failures: Failure[] = [];
for (const route of routes) {
  const report = await fuzzRoute(target, actors, route, { seed, runs, stats });
  if (report.failure) {
    failures.push(report.failure);
    console.log(`FAIL ${report.route}: ${report.failure.problem}`);
  }
}

let socketCases = 0;
let socketFailure: string | null = null;
if (socketRuns > 0) {
  const pool = new SocketPool(target.url, actors);
  const ids = ROLE_NAMES.map((r) => actors.idOf(r)).filter((id): id is number => id !== undefined);
  const rooms = [...fixtures.cases.map((c) => roomOf.case(c.dbId)), ...ids.map((id) => roomOf.user(id)), roomOf.chat(ids[0]!, ids[1]!), 'staff', 'all'];
  const result = await fc.check(
    fc.asyncProperty(socketCaseArb(ROLE_NAMES, rooms), async (c) => {
      socketCases += 1;
      const problem = await runSocketCase(pool, c);
      if (problem) throw new Error(problem);
    }),
    { seed, numRuns: socketRuns },
  );
  pool.close();
  if (result.failed) socketFailure = `${(result.errorInstance as Error)?.message} — counterexample ${JSON.stringify(result.counterexample).slice(0, 500)} (seed ${result.seed}, path ${result.counterexamplePath})`;
}

const health = await fetch(`${target.url}/api/health`).then((r) => r.status, () => 0);
const seconds = (Date.now() - started) / 1000;
const sorted = (m: Map<number | string, number>) => [...m].sort((a, b) => String(a[0]).localeCompare(String(b[0]))).map(([k, v]) => `${k}: ${v}`).join(', ');
console.log(`\nendpoints fuzzed: ${routes.length}; HTTP cases: ${stats.cases}; socket cases: ${socketCases}; ${seconds.toFixed(1)} s`);
console.log(`responses by status: ${sorted(stats.byStatus)}`);
console.log(`cases by kind: ${sorted(stats.byKind)}`);
console.log(`server afterwards: health ${health}, ${target.errorLogs.length} error log lines, ${watch.problems().length} unhandled rejections/exceptions`);
for (const line of target.errorLogs.slice(0, 10)) console.log(`  logged: ${line.msg} ${line.err?.message ?? ''}`.slice(0, 400));
for (const p of watch.problems().slice(0, 10)) console.log(`  ${p.slice(0, 400)}`);
console.log(`failures: ${failures.length + (socketFailure ? 1 : 0)}`);
for (const f of failures) {
  console.log(`\n${f.route}: ${f.problem}`);
  console.log(`  case: ${JSON.stringify(f.case).slice(0, 800)}`);
  console.log(`  reproduce: npm run bench:fuzz -- --seed ${seed} --route '${f.route}' --path '${f.path}'`);
}
if (socketFailure) console.log(`\nrealtime: ${socketFailure}`);
if (!values.route) {
  const fivehundreds = [...stats.byStatus].filter(([k]) => Number(k) >= 500).reduce((n, [, v]) => n + v, 0);
  writeResults(
    'fuzz',
    [
      `### Fuzzing: every API route and the realtime protocol`,
      '',
      `Measured ${new Date().toISOString().slice(0, 16)} UTC with \`npm run bench:fuzz -- --seed ${seed} --runs ${runs} --sockets ${socketRuns}${values.pg ? ' --pg' : ''}\` (${values.pg ? 'PostgreSQL' : 'PGlite'}), ${seconds.toFixed(0)} s. The CI suites run the same engine with a fixed seed and fewer cases.`,
      '',
      '| endpoints | HTTP cases | socket cases | answers ≥ 500 | failures | error log lines | unhandled rejections | health afterwards |',
      '|---|---|---|---|---|---|---|---|',
      `| ${routes.length} | ${stats.cases} | ${socketCases} | ${fivehundreds} | ${failures.length + (socketFailure ? 1 : 0)} | ${target.errorLogs.length} | ${watch.problems().length} | ${health} |`,
      '',
      `Answers by status: ${sorted(stats.byStatus)}.`,
      '',
      `Cases by kind: ${sorted(stats.byKind)}.`,
    ].join('\n'),
  );
}
watch.stop();
await target.close();
process.exit(failures.length || socketFailure || health !== 200 || target.errorLogs.length || watch.problems().length ? 1 : 0);
