import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@server/test/harness';
import { upsert } from './upsert';
import { batchFailure } from './batch-error';

describe('a batch the database refuses', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("is told by table, keys and the database's own reason, never with the batch's values", async () => {
    const hash = '$2b$10$abcdefghijklmnopqrstuvABCDEFGHIJKLMNOPQRSTUVWXYZ01234';
    const rows = [7, 8].map((id) => ({ id, username: `member\u0000${id}`, password_hash: hash, origin_email: `secret${id}@mail.example`, privileges: ['normal'], attr: {}, create_time: new Date(0).toISOString(), update_time: new Date(0).toISOString() }));
    const thrown = await upsert(app.services.db, { table: 'users', columns: Object.keys(rows[0]!), conflict: ['id'] }, rows).then(
      () => null,
      (e: unknown) => e,
    );
    expect(thrown).not.toBeNull();
    // What the driver threw names every value of the batch.
    expect(String((thrown as Error).message)).toContain(hash);
    const told = batchFailure('users', 7, 8, thrown).message;
    expect(told).toMatch(/^users: the batch of rows 7 to 8 was not written: /);
    expect(told).toContain('\\u0000 cannot be converted to text');
    expect(told).not.toContain(hash);
    expect(told).not.toContain('secret7@mail.example');
    expect(told.length).toBeLessThan(300);
  });

  it('names the constraint without the values of the row or key that failed', async () => {
    const owner = await app.factories.createUser();
    const file = (id: number, by: number | null = owner.id) => ({ id, name: '2024-05-27_0badc0de-0000-4000-8000-00000000eeee.png', by_user_id: by, mime_type: 'image/png', kind: 'image', state: 'ready', size: 1, details: {}, create_time: new Date(0).toISOString() });
    const thrown = await upsert(app.services.db, { table: 'files', columns: Object.keys(file(1)), conflict: ['id'] }, [file(900_001), file(900_002)]).then(
      () => null,
      (e: unknown) => e,
    );
    const told = batchFailure('storage_items', 900_001, 900_002, thrown).message;
    expect(told).toContain('files_name_uq');
    expect(told).not.toContain('0badc0de');
    const noOwner = await upsert(app.services.db, { table: 'files', columns: Object.keys(file(1)), conflict: ['id'] }, [file(900_003, null)]).then(
      () => null,
      (e: unknown) => e,
    );
    const toldNoOwner = batchFailure('storage_items', 900_003, 900_003, noOwner).message;
    expect(toldNoOwner).toContain('column by_user_id');
    expect(toldNoOwner).not.toContain('0badc0de');
  });
});
