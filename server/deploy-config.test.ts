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

  // A node's resident memory is mostly fixed cost: V8's default worker pool (4 threads,
  // each keeping its own malloc arena of compiler memory) and 16 MB semi-spaces cost about 55 MB
  // of an embedded node's 360-430 MB under the read bench, with no throughput to show for it on 2 cores.
  // 8 MB semi-spaces, not 4: with 4 a fan-out to 3,000 sockets collected while its writes were in
  // flight (a fifth of the node's time in GC), for 10 MB of resident memory saved.
  it('keep the young generation at 16 MB and V8 to 2 worker threads, fewer than plain node', () => {
    const probe = `
      let keep = [];
      for (let i = 0; i < 400000; i++) { keep.push({ i, s: 'x'.repeat(20) + i, a: [i, i + 1] }); if (keep.length > 20000) keep = []; }
      const young = require('node:v8').getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size;
      setTimeout(() => console.log(JSON.stringify({ youngMb: young / 1048576, threads: require('node:fs').readdirSync('/proc/self/task').length })), 100);`;
    const run = (args: string[]) => JSON.parse(execFileSync(process.execPath, [...args, '-e', probe], { encoding: 'utf8' })) as { youngMb: number; threads: number };
    const deployed = run(nodeArgs);
    const plain = run(nodeArgs.filter((a) => !/^--(max-semi-space-size|v8-pool-size)=/.test(a)));
    expect(deployed.youngMb).toBeLessThanOrEqual(16);
    expect(plain.youngMb).toBeGreaterThan(deployed.youngMb);
    expect(plain.threads - deployed.threads).toBe(2);
  });
});
