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
  it('are the same for pm2, the container and npm start, which runs the build with plain node', async () => {
    expect(nodeArgs.length).toBeGreaterThan(0);
    expect((await pm2Apps())[0]!.node_args).toEqual(nodeArgs);
    // The app node's stage is the last one: its CMD is the file's last.
    const cmd = [...read('deploy/Dockerfile').matchAll(/^CMD (\[.*\])$/gm)].at(-1)![1]!;
    expect(JSON.parse(cmd)).toEqual(['node', ...nodeArgs, 'bin/tribunal.js']);
    const start = JSON.parse(read('package.json')).scripts.start as string;
    expect(start).toBe(`npm run build && node ${nodeArgs.join(' ')} bin/tribunal.js`);
  });

  // A ceiling fitted to one machine starves a bigger one and overcommits a smaller one: where one is
  // wanted (memory shared with other processes) the operator derives it from the machine (docs/operations.md#memory).
  it('set no heap ceiling: V8 sizes the heap from the machine, as for plain node', () => {
    const limitMb = (args: string[]) => Number(execFileSync(process.execPath, [...args, '-p', 'require("node:v8").getHeapStatistics().heap_size_limit / 1048576'], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } }));
    const plain = limitMb([]);
    // The old space is the same; only the young generation, smaller, counts differently.
    expect(Math.abs(limitMb(nodeArgs) - plain)).toBeLessThan(64);
  });

  // 8 MB semi-spaces, not the default 16: a young generation half the size keeps a node smaller
  // resident; not 4 either: then a fan-out to 3,000 sockets was collected while its writes were in
  // flight (a fifth of the node's time in GC), for 10 MB saved.
  it('keep the young generation at 16 MB, smaller than plain node', () => {
    const probe = `
      let keep = [];
      for (let i = 0; i < 400000; i++) { keep.push({ i, s: 'x'.repeat(20) + i, a: [i, i + 1] }); if (keep.length > 20000) keep = []; }
      const young = require('node:v8').getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size;
      console.log(JSON.stringify({ youngMb: young / 1048576 }));`;
    const run = (args: string[]) => JSON.parse(execFileSync(process.execPath, [...args, '-e', probe], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } })) as { youngMb: number };
    const deployed = run(nodeArgs);
    const plain = run([]);
    expect(deployed.youngMb).toBeLessThanOrEqual(16);
    expect(plain.youngMb).toBeGreaterThan(deployed.youngMb);
  });
});
