import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const dirs: string[] = [];
const newDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribunal-lean-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** tsx's loader (the package's main export), resolved here so that it is found whatever the working directory. */
const TSX = import.meta.resolve('tsx');

/** Runs a module script in a node of its own (through tsx, from `cwd`); what it printed last, as JSON. */
async function inOwnNode<T>(script: string, args: string[], cwd = root): Promise<T> {
  const env = { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !['DATABASE_URL', 'REDIS_URL'].includes(k))), TSX_TSCONFIG_PATH: path.join(root, 'tsconfig.json') };
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', TSX, '--input-type=module', '-e', script, ...args], { cwd, env, timeout: 90_000 });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as T;
}

const RSS_MB = "Number(/VmRSS:\\s+(\\d+)/.exec((await import('node:fs')).readFileSync('/proc/self/status', 'utf8'))[1]) / 1024";

describe('an embedded node starts lean', { timeout: 120_000 }, () => {
  it('on an empty data directory, it holds about what it holds once restarted on it (initdb runs in a process of its own)', async () => {
    const open = `const { openDatabase } = await import(${JSON.stringify(path.join(root, 'server/db/client.ts'))});
      const db = await openDatabase({ dataDir: process.argv[1] });
      console.log(JSON.stringify(${RSS_MB}));
      await db.close();`;
    // Named relative to the node's working directory, which is not the project's root.
    const parent = newDir();
    const first = await inOwnNode<number>(open, ['pg'], parent);
    expect(fs.existsSync(path.join(parent, 'pg', 'PG_VERSION'))).toBe(true);
    const again = await inOwnNode<number>(open, [path.join(parent, 'pg')]);
    // initdb in the node's own process kept 736 MB resident against 219 once restarted.
    expect(first).toBeLessThan(again + 100);
  });

  it('loads neither the Redis packages nor sharp nor Swagger UI’s browser bundle until it uses them', async () => {
    const loaded = await inOwnNode<Record<string, Record<string, boolean>>>(
      `const { createRequire } = await import('node:module');
      const fs = await import('node:fs');
      const { loadConfig } = await import('./server/config.ts');
      const { startServer } = await import('./server/server.ts');
      const { checkImage } = await import('./server/modules/files/image-check.ts');
      const server = await startServer(loadConfig({ SECRET: 'lean-start-secret-0123456789abcdef', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', SERVE_CLIENT: 'false', SEED_DEMO: 'false', DATA_DIR: process.argv[1] }));
      const served = [await fetch(server.url + '/api/players'), await fetch(server.url + '/api/docs/assets/swagger-ui.css')].map((r) => r.status);
      if (served.some((s) => s !== 200)) throw new Error('answered ' + served);
      const cached = () => Object.keys(createRequire(import.meta.url).cache);
      const now = () => ({
        ioredis: cached().some((k) => k.includes('/node_modules/ioredis/')),
        bullmq: cached().some((k) => k.includes('/node_modules/bullmq/')),
        redisAdapter: cached().some((k) => k.includes('/node_modules/@socket.io/redis-adapter/')),
        swaggerBundle: cached().some((k) => k.endsWith('swagger-ui-bundle.js')),
        sharp: fs.readFileSync('/proc/self/maps', 'utf8').includes('libvips'),
      });
      const atStart = now();
      const png = process.argv[1] + '/one.png';
      fs.writeFileSync(png, Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNg+M/wHwAEBgIApD5fRAAAAABJRU5ErkJggg==', 'base64'));
      await checkImage(png);
      const afterAnImage = now();
      await server.close();
      console.log(JSON.stringify({ atStart, afterAnImage }));`,
      [newDir()],
    );
    expect(loaded.atStart).toEqual({ ioredis: false, bullmq: false, redisAdapter: false, swaggerBundle: false, sharp: false });
    expect(loaded.afterAnImage).toMatchObject({ sharp: true, ioredis: false });
  });
});
