import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { createRequire } from 'node:module';
import { migrationsFolder, openDatabase } from '../db/client';
import { adminQuery, databaseUrlFor, quoteIdent } from './pg-admin';
import { buildServerBundleIfStale } from './server-bundle';

const require = createRequire(import.meta.url);

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL mode: the migrated template database each test file copies. */
    pgTemplate: string | null;
    /** PGlite mode: a dump (tar) of a migrated database each test file loads. */
    pgliteDump: string | null;
  }
}

/**
 * Builds the server bundle when the sources are newer (server/test/server-bundle.ts), and
 * migrates once per run, so test files start from a copy instead of migrating again:
 * PostgreSQL (DATABASE_URL set): a template database on that server;
 * PGlite: a migrated in-memory database dumped to a file in the temp directory (kept and reused
 * while the migrations stay the same).
 */
export default async function setup(project: TestProject) {
  buildServerBundleIfStale();
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const template = `tribunal_tpl_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
    await adminQuery(databaseUrl, `CREATE DATABASE ${quoteIdent(template)}`);
    try {
      const db = await openDatabase({ databaseUrl: databaseUrlFor(databaseUrl, template) });
      await db.close();
    } catch (e) {
      await dropDatabasesLike(databaseUrl, template).catch(() => undefined);
      throw new Error(`migrations failed on the PostgreSQL template ${template}: ${(e as Error).message}`, { cause: e });
    }
    project.provide('pgTemplate', template);
    project.provide('pgliteDump', null);
    return async () => {
      await dropDatabasesLike(databaseUrl, template);
    };
  }

  // The dump depends only on the migrations and the PGlite version: runs reuse it until either changes.
  const dumpFile = path.join(os.tmpdir(), `tribunal-test-pglite-${templateKey()}.tar`);
  if (!fs.existsSync(dumpFile)) {
    try {
      const db = await openDatabase({});
      const client = (db.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
      const dump = await client.dumpDataDir('none');
      await db.close();
      const partial = `${dumpFile}.${process.pid}.partial`;
      fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      fs.renameSync(partial, dumpFile);
    } catch (e) {
      throw new Error(`migrations failed on PGlite: ${(e as Error).message}`, { cause: e });
    }
  }
  project.provide('pgTemplate', null);
  project.provide('pgliteDump', dumpFile);
}

/** A digest of every migration file and the PGlite version. */
function templateKey(): string {
  const hash = crypto.createHash('sha256');
  const files = fs.readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort();
  for (const f of files) {
    const full = path.join(migrationsFolder, f);
    if (fs.statSync(full).isFile()) hash.update(f).update(fs.readFileSync(full));
  }
  let dir = path.dirname(require.resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  hash.update((JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version);
  return hash.digest('hex').slice(0, 16);
}

/** Drops the template and every per-file database copied from it that a crashed file left behind. */
async function dropDatabasesLike(databaseUrl: string, template: string) {
  const rows = await adminQuery<{ datname: string }>(databaseUrl, `SELECT datname FROM pg_database WHERE starts_with(datname, $1)`, [template]);
  for (const { datname } of rows) await adminQuery(databaseUrl, `DROP DATABASE IF EXISTS ${quoteIdent(datname)} WITH (FORCE)`);
}
