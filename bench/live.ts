/**
 * Live-path benchmark: `npm run bench:live -- [--scenario S2|S3|S4|S5|S6|S7|S8|S9|S10|all]
 * [--sockets 100,1000,3000] [--replies 30] [--rounds 2] [--fleets 2] [--gap 100] [--rates 100,500,1000]
 * [--viewers 100,1000] [--cases 500000] [--typists 1,10,50] [--seconds 10]`. S3, S6, S7 and S9 need
 * DATABASE_URL (and S3/S6/S7 REDIS_URL). Every figure stands next to a baseline measured in the
 * same run. One file per scenario under bench/live/; the fleets are child processes on loopback;
 * counts and times are bounded; results are printed and written into bench/RESULTS.md, each
 * scenario into its own section. BENCH_CPU_PROF=<dir> writes V8 CPU profiles there: of each
 * one-node host's measured stretch (bench/live/measured-profile.ts), of each two-node node's life.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { writeResults } from './results';
import type { LiveOptions } from './live/common';
import { scenarioS2 } from './live/s2';
import { scenarioS10 } from './live/s10';
import { scenarioS4 } from './live/s4';
import { scenarioS5 } from './live/s5';
import { scenarioS9 } from './live/s9';
import { scenarioS3 } from './live/s3';
import { scenarioS6 } from './live/s6';
import { scenarioS7 } from './live/s7';

const { values } = parseArgs({
  options: {
    scenario: { type: 'string', default: 'all' },
    sockets: { type: 'string', default: '100,1000,3000' },
    replies: { type: 'string', default: '30' },
    rounds: { type: 'string', default: '2' },
    fleets: { type: 'string', default: '2' },
    gap: { type: 'string', default: '100' },
    rates: { type: 'string', default: '100,500,1000' },
    viewers: { type: 'string', default: '100,1000' },
    cases: { type: 'string', default: '500000' },
    typists: { type: 'string', default: '1,10,50' },
    seconds: { type: 'string', default: '10' },
    db: { type: 'string', default: 'pglite' },
  },
});
const options: LiveOptions = {
  sizes: values.sockets!.split(',').map(Number).filter((n) => n > 0 && n <= 20_000),
  replies: Math.min(Number(values.replies), 500),
  rounds: Math.max(1, Math.min(Number(values.rounds), 10)),
  fleets: Math.max(1, Math.min(Number(values.fleets), 8)),
  gapMs: Number(values.gap),
  rates: values.rates!.split(',').map(Number).filter((n) => n > 0 && n <= 5_000),
  viewers: values.viewers!.split(',').map(Number).filter((n) => n > 0 && n <= 20_000),
  cases: Math.max(1000, Math.min(Number(values.cases), 5_000_000)),
  typists: values.typists!.split(',').map(Number).filter((n) => n > 0 && n <= 500),
  seconds: Math.max(1, Math.min(Number(values.seconds), 120)),
  db: values.db === 'postgres' ? 'postgres' : 'pglite',
};
const wanted = new Set(values.scenario!.toUpperCase().split(','));

/** Scenario id → its run; S8 runs inside S2 (it re-uses S2's server and case). */
const scenarios: Record<string, (lines: string[], o: LiveOptions) => Promise<void>> = {
  S2: scenarioS2,
  S4: scenarioS4,
  S5: scenarioS5,
  S9: scenarioS9,
  S10: scenarioS10,
  S3: scenarioS3,
  S6: scenarioS6,
  S7: scenarioS7,
};

// Each scenario has its own section of bench/RESULTS.md, so runs of different scenarios (and sizes) add up.
for (const [id, run] of Object.entries(scenarios)) {
  if (!(wanted.has('ALL') || wanted.has(id) || (id === 'S2' && wanted.has('S8')))) continue;
  // The one-node scenarios on PostgreSQL have sections of their own beside the embedded ones.
  const onPostgres = options.db === 'postgres' && ['S2', 'S4', 'S5'].includes(id);
  const lines: string[] = [
    `Measured ${new Date().toISOString().slice(0, 16)} UTC on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'cpu'}), load average ${os.loadavg()[0]!.toFixed(2)} at the start${onPostgres ? '; the node on PostgreSQL (`--db postgres`)' : ''}.`,
    '',
  ];
  await run(lines, options);
  writeResults(`live-${id}${onPostgres ? '-postgres' : ''}`, lines.join('\n'));
  console.log(`\n${id} written to bench/RESULTS.md`);
}
process.exit(0);
