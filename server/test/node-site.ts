import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { inject } from 'vitest';
import { openDatabase } from '../db/client';
import { createDatabaseFromTemplate, databaseUrlFor, dropDatabase } from './pg-admin';

export interface NodeSite {
  /** Two nodes can serve it at once (PostgreSQL + Redis); embedded, one process at a time. */
  twoNodes: boolean;
  /** The environment every node process of the site starts with. */
  env: Record<string, string>;
  remove(): Promise<void>;
}

/**
 * A site for real node processes (server/test/node-process.ts): with DATABASE_URL and REDIS_URL, a
 * database of its own from the migrated template and a Redis prefix of its own; embedded, a data
 * folder of its own, holding a copy of the migrated database. Call in beforeAll (it reads the test run's template).
 */
export async function createNodeSite(name: string, env: Record<string, string>): Promise<NodeSite> {
  const adminUrl = process.env.DATABASE_URL;
  const redisUrl = process.env.REDIS_URL;
  const site: Record<string, string> = { ...env, SECRET: env.SECRET ?? crypto.randomBytes(24).toString('hex') };
  if (adminUrl && redisUrl) {
    const dbName = await createDatabaseFromTemplate(adminUrl, inject('pgTemplate')!);
    Object.assign(site, { DATABASE_URL: databaseUrlFor(adminUrl, dbName), REDIS_URL: redisUrl, REDIS_PREFIX: `${name}${crypto.randomBytes(4).toString('hex')}:` });
    return { twoNodes: true, env: site, remove: () => dropDatabase(adminUrl, dbName) };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tribunal-${name}-`));
  site.DATA_DIR = dataDir;
  // The data folder starts as a copy of the migrated test database, as the PostgreSQL site starts from
  // the migrated template (and as a server's first start would have left it; a first start on an
  // empty folder is server/lean-start.embedded.test.ts's): the first node no longer runs initdb and
  // every migration while the test waits for it to serve.
  const dump = inject('pgliteDump');
  if (dump) await (await openDatabase({ dataDir: path.join(dataDir, 'pg'), loadDataDir: new Blob([fs.readFileSync(dump)]) })).close();
  return { twoNodes: false, env: site, remove: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}
