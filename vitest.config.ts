import { configDefaults, defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { SlowFirstSequencer } from './server/test/slow-first-sequencer';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  resolve: {
    alias: { '@server': r('./server'), '@client': r('./client'), '@shared': r('./shared'), '@locales': r('./locales') },
  },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    reporters: ['default', './server/test/count-reporter.ts'],
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/**/*.test.ts', 'shared/**/*.test.ts'],
          // Files whose every suite needs PostgreSQL, and files about Redis itself (server/test/needs.ts),
          // run in the PostgreSQL + Redis run only; files about the embedded node itself (PGlite, a
          // node started without a database address) in the embedded run only.
          exclude: [...configDefaults.exclude, ...(process.env.DATABASE_URL ? ['**/*.embedded.test.ts'] : ['**/*.postgres.test.ts', '**/*.redis.test.ts'])],
          globalSetup: ['server/test/global-setup.ts'],
          // Server test files build their own app, database and servers and share no state, so
          // they reuse one module graph per worker: loading the server's modules once per
          // worker instead of once per file halves the suite's CPU time.
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'client', include: ['client/**/*.test.{ts,tsx}'], isolate: false },
      },
      {
        extends: true,
        // Checks of the repository itself (scripts/, the benches' own logic): no server, no browser.
        test: { name: 'repo', include: ['scripts/**/*.test.ts', 'bench/**/*.test.ts'] },
      },
    ],
  },
});
