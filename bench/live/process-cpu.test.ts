import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { readCpuMs, readCpuSplitMs } from './process-cpu';

/**
 * A process that does the same fixed work (not a fixed time: the machine may be busy) on its main
 * thread or on a worker thread each time it is told to, and says when it is done.
 */
const WORKER = `
const { Worker } = require('node:worker_threads');
const spin = 'let x = 0; for (let i = 0; i < 4e8; i++) x = (x + i) % 1000003;';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (where) => {
  if (where.trim() === 'main') { new Function(spin)(); console.log('done'); }
  else new Worker(spin + "require('node:worker_threads').parentPort.postMessage(0)", { eval: true }).once('message', () => console.log('done'));
});
console.log('ready');
`;

let child: ChildProcess | undefined;
afterEach(() => void child?.kill());

async function start() {
  child = spawn(process.execPath, ['-e', WORKER], { stdio: ['pipe', 'pipe', 'inherit'] });
  await once(child.stdout!, 'data');
  return child;
}

/** Where the CPU time of one piece of work went, in ms. */
async function measured(proc: ChildProcess, where: 'main' | 'worker') {
  const before = readCpuSplitMs(proc.pid!);
  proc.stdin!.write(`${where}\n`);
  await once(proc.stdout!, 'data');
  const after = readCpuSplitMs(proc.pid!);
  return { mainUser: after.mainUserMs - before.mainUserMs, mainSystem: after.mainSystemMs - before.mainSystemMs, other: after.otherThreadsMs - before.otherThreadsMs };
}

describe('a process CPU time read from /proc', () => {
  it('counts work on the main thread as the main thread in user space, and work on a worker as another thread', async () => {
    const proc = await start();
    const onMain = await measured(proc, 'main');
    const onWorker = await measured(proc, 'worker');
    expect(onMain.mainUser).toBeGreaterThan(100);
    expect(onMain.mainUser).toBeGreaterThan(4 * (onMain.mainSystem + onMain.other));
    expect(onWorker.other).toBeGreaterThan(100);
    expect(onWorker.other).toBeGreaterThan(4 * (onWorker.mainUser + onWorker.mainSystem));
    // The split adds up to the process's whole CPU time (read a moment apart: a tick may fall between).
    const split = readCpuSplitMs(proc.pid!);
    expect(Math.abs(split.mainUserMs + split.mainSystemMs + split.otherThreadsMs - readCpuMs(proc.pid!))).toBeLessThanOrEqual(20);
  }, 60_000);
});
