import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import nodeArgs from '../deploy/node-args.json';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
/** pm2's own configuration, loaded as pm2 loads it. */
const pm2Apps = async () => ((await import(pathToFileURL(path.join(root, 'ecosystem.config.js')).href)) as { apps: Array<{ node_args: string[] }> }).apps;

describe("the deployment's node flags", () => {
  it('are the same for pm2, the container and npm start', async () => {
    expect(nodeArgs.length).toBeGreaterThan(0);
    expect((await pm2Apps())[0]!.node_args).toEqual(nodeArgs);
    const cmd = /^CMD (\[.*\])$/m.exec(read('deploy/Dockerfile'))![1]!;
    expect(JSON.parse(cmd)).toEqual(['node', ...nodeArgs, 'bin/tribunal.js']);
    const start = JSON.parse(read('package.json')).scripts.start as string;
    expect(start).toContain(`tsx ${nodeArgs.join(' ')} server/main.ts`);
  });

  it('set an old-space ceiling that a server process really gets, far above its live heap', () => {
    const limitMb = Number(execFileSync(process.execPath, [...nodeArgs, '-p', 'require("node:v8").getHeapStatistics().heap_size_limit / 1048576'], { encoding: 'utf8' }));
    const ceiling = Number(/--max-old-space-size=(\d+)/.exec(nodeArgs.join(' '))![1]);
    expect(limitMb).toBeGreaterThanOrEqual(ceiling);
    expect(limitMb).toBeLessThan(ceiling + 128);
    expect(ceiling).toBeGreaterThanOrEqual(512);
  });
});
