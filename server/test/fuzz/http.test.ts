import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '@server/app';
import { createTestApp, TEST_SECRET, type TestApp } from '@server/test/harness';
import { capturingLogger, createActors, fuzzRoute, newStats, routeName, seedFixtures, type Actors, type FuzzTarget } from './engine';
import { CI_HTTP_SEED, CI_RUNS_PER_ROUTE, watchProcess } from './ci';

/**
 * Property-based fuzzing of every API route (fixed seed, bounded runs: the same cases on every
 * run). Each route: requests shaped by its zod schemas, then broken in every way a client can
 * break them, from every kind of account. Never a 5xx, every refusal in the error envelope with a
 * catalogue code, the server alive and quiet (no error logged, no unhandled rejection).
 * A failure prints its reproducer: `npm run bench:fuzz -- --seed <seed> --route '<route>' --path <path>`.
 */
let app: TestApp;
let target: FuzzTarget;
let actors: Actors;
const stats = newStats();
const watch = watchProcess();

beforeAll(async () => {
  const logs = capturingLogger();
  app = await createTestApp({ log: logs.log });
  target = { url: app.url, services: app.services, secret: TEST_SECRET, freshAccount: () => app.directory.freshAccount(), errorLogs: logs.lines };
  actors = await createActors(target.services, target.freshAccount);
  await seedFixtures(target, actors);
});
afterAll(async () => {
  watch.stop();
  await app?.close();
});

describe('every API route under fuzzing', () => {
  it('covers every route of the table', () => {
    expect(apiRoutes.length).toBeGreaterThan(100);
  });

  for (const route of apiRoutes) {
    it(routeName(route), async () => {
      const report = await fuzzRoute(target, actors, route, { seed: CI_HTTP_SEED, runs: CI_RUNS_PER_ROUTE, stats });
      expect(report.failure, report.failure ? JSON.stringify(report.failure, null, 1).slice(0, 3000) : '').toBeNull();
      expect(report.cases).toBe(CI_RUNS_PER_ROUTE);
    });
  }

  it('leaves the server alive and quiet: health answers, nothing logged at error level, no unhandled rejection', async () => {
    const health = await fetch(`${target.url}/api/health`);
    expect(health.status).toBe(200);
    expect(target.errorLogs.map((l) => `${l.msg}: ${l.err?.message ?? ''}`)).toEqual([]);
    expect(watch.problems()).toEqual([]);
    // Every kind of case was sent, and the table was walked whole.
    expect(stats.cases).toBe(apiRoutes.length * CI_RUNS_PER_ROUTE);
    expect([...stats.byKind.keys()].sort()).toEqual(['badJson', 'contentType', 'encoding', 'invalidUtf8', 'megabyte', 'multipart', 'mutated', 'oversize', 'queryShape', 'rawBytes', 'rootValue', 'valid']);
  });
});
