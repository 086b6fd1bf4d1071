import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { startNode, type NodeProcess } from '@server/test/node-process';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'dist', 'server', 'main.mjs');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribunal-prebuilt-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const threadsOf = (node: NodeProcess) => fs.readdirSync(`/proc/${node.child.pid}/task`).length;

/** What a node answers once it serves: its health and a read that needs the migrated database. */
async function serves(node: NodeProcess) {
  const health = await fetch(`${node.url}/api/health`);
  expect(health.status).toBe(200);
  const stats = await fetch(`${node.url}/api/statistics?reports=1&players=1`);
  expect(stats.status).toBe(200);
  expect((await stats.json()).data).toEqual({ reports: 0, players: 0 });
}

/**
 * `npm run build` also bundles the server (dist/server/main.mjs), and bin/tribunal.js runs that
 * bundle in production: through tsx, a loader thread of its own transforming every file kept each
 * node 60-75 MB more resident. The bundle finds what it reads beside the code (migrations,
 * locales, package.json, the demo directory) from the project's root, as the sources do.
 */
describe('the prebuilt server', { timeout: 120_000 }, () => {
  it('runs in production from a new data directory, without tsx; a bundle older than the sources is passed over for them', async () => {
    execFileSync('npm', ['run', '--silent', 'build:server'], { cwd: root, stdio: 'pipe' });
    const env = { NODE_ENV: 'production', DATA_DIR: dataDir, SECRET: crypto.randomBytes(24).toString('hex'), SEED_DEMO: 'false' };

    const prebuilt = await startNode(env);
    let prebuiltThreads: number;
    try {
      await serves(prebuilt);
      prebuiltThreads = threadsOf(prebuilt);
    } finally {
      await prebuilt.stop();
    }

    // Older than every source file: this bundle is not what the sources say any more.
    const past = new Date(Date.UTC(2000, 0, 1));
    fs.utimesSync(built, past, past);
    const fromSources = await startNode(env);
    try {
      await serves(fromSources);
      expect(threadsOf(fromSources)).toBeGreaterThan(prebuiltThreads);
    } finally {
      await fromSources.stop();
      const now = new Date();
      fs.utimesSync(built, now, now); // it was built from these very sources
    }
  });
});
