import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '@server/config';
import { openDatabase, PGLITE_SHARED_BUFFERS_MB_DEFAULT, type Database } from './client';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribunal-pglite-buffers-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const sharedBuffers = async (database: Database) => {
  const res = (await database.db.execute(sql`show shared_buffers`)) as unknown as { rows: Array<{ shared_buffers: string }> };
  return res.rows[0]!.shared_buffers;
};

describe("embedded mode's buffer pool", () => {
  it('is the default size unless PGLITE_SHARED_BUFFERS_MB sets one, and the data outlives a restart with another size', async () => {
    const first = await openDatabase({ dataDir: dir });
    try {
      expect(await sharedBuffers(first)).toBe(`${PGLITE_SHARED_BUFFERS_MB_DEFAULT}MB`);
      await first.db.execute(sql`create table kept (v int)`);
      await first.db.execute(sql`insert into kept values (7)`);
    } finally {
      await first.close();
    }
    const { pgliteSharedBuffersMb } = loadConfig({ PGLITE_SHARED_BUFFERS_MB: '16' });
    const second = await openDatabase({ dataDir: dir, sharedBuffersMb: pgliteSharedBuffersMb });
    try {
      expect(await sharedBuffers(second)).toBe('16MB');
      const res = (await second.db.execute(sql`select v from kept`)) as unknown as { rows: Array<{ v: number }> };
      expect(res.rows).toEqual([{ v: 7 }]);
    } finally {
      await second.close();
    }
  }, 60_000);

  it('refuses a size that is not a whole number of MB from 1 to 4096', () => {
    for (const bad of ['0', '-8', '1.5', 'lots', '4097']) expect(() => loadConfig({ PGLITE_SHARED_BUFFERS_MB: bad }), bad).toThrow(/PGLITE_SHARED_BUFFERS_MB/);
    expect(loadConfig({}).pgliteSharedBuffersMb).toBeUndefined();
    expect(loadConfig({ PGLITE_SHARED_BUFFERS_MB: '' }).pgliteSharedBuffersMb).toBeUndefined();
  });
});
