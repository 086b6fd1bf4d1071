import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiRoutes } from '@server/app';
import { createTestApp, TEST_SECRET, type TestApp } from '@server/test/harness';
import { capturingLogger, createActors, fuzzRoute, newStats, seedFixtures, type FuzzTarget, type Failure } from './engine';

let app: TestApp;
let target: FuzzTarget;
beforeAll(async () => {
  const cap = capturingLogger();
  app = await createTestApp({ log: cap.log });
  target = { url: app.url, services: app.services, secret: TEST_SECRET, freshAccount: () => app.directory.freshAccount(), errorLogs: cap.lines };
});
afterAll(() => app?.close());

it('explores', async () => {
  const actors = await createActors(target.services, target.freshAccount);
  await seedFixtures(target, actors);
  const stats = newStats();
  const failures: Failure[] = [];
  const t = Date.now();
  for (const r of apiRoutes) {
    const rep = await fuzzRoute(target, actors, r, { seed: Number(process.env.SEED ?? 1), runs: Number(process.env.RUNS ?? 30), stats, endOnFailure: true });
    if (rep.failure) failures.push(rep.failure);
  }
  console.log('time', Date.now() - t, 'cases', stats.cases, JSON.stringify([...stats.byStatus]), JSON.stringify([...stats.byKind]));
  for (const f of failures) console.log('FAIL', f.route, f.problem, JSON.stringify(f.case).slice(0, 600));
  console.log('LOGS', target.errorLogs.length, JSON.stringify(target.errorLogs.slice(0, 10)).slice(0, 4000));
  expect(failures.length).toBeGreaterThanOrEqual(0);
}, 900_000);
