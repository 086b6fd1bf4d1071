import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@server/test/harness';

/**
 * The run picks its parts from the environment exactly as production does (docs/architecture.md#run-modes): this
 * fails if a PostgreSQL + Redis run silently fell back to the embedded parts, or the reverse.
 */
describe('run mode', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('uses PostgreSQL exactly when DATABASE_URL is set, PGlite otherwise', async () => {
    const res = await app.request.get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body.data.database).toEqual({ status: 'ok', kind: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
    expect(app.services.database.kind).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
  });

  it('uses Redis for realtime, jobs, limits and captchas exactly when REDIS_URL is set', async () => {
    const res = await app.request.get('/api/health');
    expect(res.body.data.redis.status).toBe(process.env.REDIS_URL ? 'ok' : 'off');
    expect(app.services.jobs.kind).toBe(process.env.REDIS_URL ? 'bullmq' : 'in-process');
    expect(app.server.realtime.io.of('/').adapter.constructor.name).toBe(process.env.REDIS_URL ? 'ShardedRedisAdapter' : 'Adapter');
  });

  it('reaches mail over SMTP and the platform directory over HTTP', async () => {
    const res = await app.request.get('/api/health');
    expect(res.body.data.mail).toEqual({ status: 'ok', kind: 'smtp' });
    expect(res.body.data.platform).toEqual({ status: 'ok', kind: 'http' });
  });
});
