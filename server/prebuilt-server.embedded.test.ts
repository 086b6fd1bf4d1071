import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { builtinModules } from 'node:module';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { startNode, type NodeProcess } from '@server/test/node-process';

const root = path.resolve(import.meta.dirname, '..');
const dirs: string[] = [];
const newDir = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `tribunal-${name}-`));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** What a node answers once it serves: its health and a read that needs the migrated database. */
async function serves(node: NodeProcess) {
  const health = await fetch(`${node.url}/api/health`);
  expect(health.status).toBe(200);
  const stats = await fetch(`${node.url}/api/statistics?reports=1&players=1`);
  expect(stats.status).toBe(200);
  expect((await stats.json()).data).toEqual({ reports: 0, players: 0 });
}

/** The package a bare import names: `@scope/name/sub` -> `@scope/name`. */
const packageOf = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

/**
 * `npm run build` bundles the server (dist/server/main.mjs, cli.mjs) and bin/tribunal.js runs it
 * with plain node: a production install (`npm ci --omit=dev`, deploy/Dockerfile) has neither tsx
 * nor the dev tools. The bundle finds what it reads beside the code (migrations, locales,
 * package.json, the demo directory) from the project's root, as the sources do.
 */
describe('the prebuilt server', { timeout: 120_000 }, () => {
  it('runs in production from a new data directory', async () => {
    const node = await startNode({ NODE_ENV: 'production', DATA_DIR: newDir('prebuilt'), SECRET: crypto.randomBytes(24).toString('hex'), SEED_DEMO: 'false' });
    try {
      await serves(node);
    } finally {
      await node.stop();
    }
  });

  it('imports only Node’s own modules and production dependencies', async () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
    const bundles = ['main.mjs', 'cli.mjs'].map((f) => path.join(root, 'dist', 'server', f));
    const { metafile } = await build({ entryPoints: bundles, bundle: true, platform: 'node', format: 'esm', packages: 'external', write: false, metafile: true, outdir: newDir('imports'), logLevel: 'silent' });
    const imported = new Set(Object.values(metafile.inputs).flatMap((input) => input.imports.filter((i) => i.external).map((i) => i.path)));
    const packages = [...imported].filter((s) => !s.startsWith('node:') && !builtinModules.includes(s)).map(packageOf);
    expect(packages).toContain('express');
    expect(packages.filter((p) => !(p in pkg.dependencies))).toEqual([]);
    expect(Object.keys(pkg.devDependencies)).toContain('tsx');
  });

  it('is not there to run before a build: bin/tribunal.js exits 1 and says to build', async () => {
    const copy = newDir('unbuilt');
    fs.cpSync(path.join(root, 'bin'), path.join(copy, 'bin'), { recursive: true });
    const ran = await promisify(execFile)(process.execPath, ['bin/tribunal.js'], { cwd: copy }).then(
      () => ({ code: 0, stderr: '' }),
      (err: { code: number; stderr: string }) => err,
    );
    expect(ran.code).toBe(1);
    expect(ran.stderr).toContain('dist/server/main.mjs is missing: run `npm run build` first.');
  });
});
