import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@server/test/harness';
import { inTransaction } from './outbox';
import { writesInProgress } from './writes-in-progress';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

/** Runs `work` noting, at each transaction the site opens, how many write requests were being answered then. */
async function atEachTransaction(work: () => Promise<unknown>): Promise<number[]> {
  const { db } = app.services;
  const seen: number[] = [];
  const target = db as unknown as { transaction: (...args: unknown[]) => Promise<unknown> };
  const original = target.transaction;
  target.transaction = function (this: unknown, ...args: unknown[]) {
    seen.push(writesInProgress(db));
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    target.transaction = original;
  }
  return seen;
}

describe('writes in progress', () => {
  it('counts a write request while the server answers it, and none once it is answered, failed or not', async () => {
    const user = await app.factories.signedIn();
    const seen = await atEachTransaction(async () => {
      const res = await app.request.post('/api/user/me').set('x-access-token', user.token).send({ data: { attr: { allowDM: true } } });
      expect(res.status).toBe(200);
    });
    expect(seen).toContain(1);
    expect(writesInProgress(app.services.db)).toBe(0);
    const refused = await app.request.post('/api/user/me').set('x-access-token', user.token).send({ data: { attr: { allowDM: 'often' } } });
    expect(refused.status).toBe(400);
    expect(writesInProgress(app.services.db)).toBe(0);
  });

  it('does not count work of the site’s own (a job’s transaction)', async () => {
    const seen = await atEachTransaction(() => inTransaction(app.services, async () => undefined));
    expect(seen).toEqual([0]);
  });
});
