import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openDatabase } from '@server/db/client';
import { createDatabaseFromTemplate, databaseUrlFor, dropDatabase } from '@server/test/pg-admin';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribunal-ready-'));
let dbName: string | undefined;
afterAll(async () => {
  if (dbName) await dropDatabase(process.env.DATABASE_URL!, dbName);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** pm2's `wait_ready`: a node started by a process manager says 'ready' over IPC once its /api/health is green. */
describe('the ready signal for process managers', { timeout: 90_000 }, () => {
  it('is sent once the node serves a healthy /api/health, and the health check script agrees', async () => {
    const env: Record<string, string> = { DATA_DIR: dataDir, SECRET: crypto.randomBytes(24).toString('hex'), SEED_DEMO: 'false' };
    if (process.env.DATABASE_URL) {
      dbName = await createDatabaseFromTemplate(process.env.DATABASE_URL, inject('pgTemplate')!);
      env.DATABASE_URL = databaseUrlFor(process.env.DATABASE_URL, dbName);
      if (process.env.REDIS_URL) Object.assign(env, { REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: `ready${crypto.randomBytes(4).toString('hex')}:` });
    } else {
      // Embedded, the data folder starts as a copy of the migrated test database, as PostgreSQL's starts
      // from the migrated template: the node does not run initdb and every migration first (a first
      // start on an empty folder is server/lean-start.embedded.test.ts's).
      await (await openDatabase({ dataDir: path.join(dataDir, 'pg'), loadDataDir: new Blob([fs.readFileSync(inject('pgliteDump')!)]) })).close();
    }
    const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !['DATABASE_URL', 'REDIS_URL', 'VITEST', 'VITEST_POOL_ID', 'VITEST_WORKER_ID'].includes(k)));
    const child = spawn(process.execPath, ['bin/tribunal.js'], {
      cwd: root,
      env: { ...clean, NODE_ENV: 'development', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', SERVE_CLIENT: 'false', ...env },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    try {
      let out = '';
      child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
      const ready = await new Promise<string>((resolve, reject) => {
        child.once('message', (m) => resolve(String(m)));
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
      });
      expect(ready).toBe('ready');
      const url = /Tribunal is running at (http:\/\/\S+)/.exec(out)![1]!.replace('localhost', '127.0.0.1');
      const health = await fetch(`${url}/api/health`);
      expect(health.status).toBe(200);
      const port = new URL(url).port;
      const check = spawn(process.execPath, ['bin/healthcheck.js'], { cwd: root, env: { ...clean, PORT: port } });
      expect(await new Promise((r) => check.once('exit', r))).toBe(0);
      const closed = spawn(process.execPath, ['bin/healthcheck.js'], { cwd: root, env: { ...clean, PORT: '1' } });
      expect(await new Promise((r) => closed.once('exit', r))).toBe(1);
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    }
  });
});
