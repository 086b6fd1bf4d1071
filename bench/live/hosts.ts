/**
 * The servers of the one-node scenarios, each in a process of its own: Tribunal
 * (bench/live/tribunal-host.ts) and the bare Socket.IO baseline (bench/live/bare-host.ts). Both are
 * bundled as `npm run build:server` bundles the server and run with the deployment's node flags
 * (deploy/node-args.json), so a figure is of the code a site runs, without tsx's loader thread, and
 * a server's RSS and event-loop lag are its own, not shared with the bench or the other server.
 * The two-node scenarios' nodes (bench/live/nodes.ts) run the server's own bundle with the probes
 * bundled here.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fork } from 'node:child_process';
import { build } from 'esbuild';
import nodeArgs from '../../deploy/node-args.json';
import type { HostAnswer, Ops } from './host-ipc';
import type { TribunalOps } from './tribunal-host';

const root = path.resolve(import.meta.dirname, '../..');
const OUT = path.join(root, 'dist/bench');
const HOSTS = ['tribunal-host', 'bare-host'] as const;
/** Loaded into the two-node scenarios' server processes (NODE_OPTIONS --import). */
const PROBES = ['loop-probe', 'cpu-profile'] as const;

let built: Promise<unknown> | undefined;
/** The hosts and probes, bundled into dist/bench/. */
export const bundled = () =>
  (built ??= build({
    entryPoints: Object.fromEntries([...HOSTS, ...PROBES].map((name) => [name, path.join(import.meta.dirname, `${name}.ts`)])),
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outdir: OUT,
    outExtension: { '.js': '.mjs' },
    logLevel: 'warning',
  }));

/** Where a bundled probe is, for `--import`. */
export const probeFile = (name: (typeof PROBES)[number]) => path.join(OUT, `${name}.mjs`);

export function readRssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** Samples the RSS of some processes every `everyMs` until stopped; the maximum per process. */
export function watchRss(pids: number[], everyMs = 200) {
  const max = pids.map(() => 0);
  const sample = () => pids.forEach((pid, i) => (max[i] = Math.max(max[i]!, readRssMb(pid) || 0)));
  sample();
  const timer = setInterval(sample, everyMs);
  return () => {
    clearInterval(timer);
    sample();
    return max;
  };
}

export interface Host<O extends Ops> {
  url: string;
  pid: number;
  call<K extends keyof O & string>(op: K, ...args: Parameters<O[K]>): Promise<Awaited<ReturnType<O[K]>>>;
  close(): Promise<void>;
}

/** Starts a host on `env` (for Tribunal: the server's configuration) and waits until it serves. */
export async function startHost<O extends Ops>(name: (typeof HOSTS)[number], env: Record<string, string> = {}): Promise<Host<O>> {
  await bundled();
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !['DATABASE_URL', 'REDIS_URL', 'NODE_OPTIONS'].includes(k)));
  const child = fork(path.join(OUT, `${name}.mjs`), [], {
    cwd: root,
    execArgv: [...nodeArgs, '--expose-gc'],
    env: { ...inherited, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = await new Promise<{ url: string }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { url: string }));
    void exited.then(() => reject(new Error(`${name} exited (${child.exitCode ?? child.signalCode}) before it was ready`)));
  });
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  child.on('message', (m: HostAnswer) => {
    const waiting = pending.get(m.id);
    pending.delete(m.id);
    if (m.error !== undefined) waiting?.reject(new Error(`${name}: ${m.error}`));
    else waiting?.resolve(m.result);
  });
  void exited.then(() => {
    for (const waiting of pending.values()) waiting.reject(new Error(`${name} exited`));
    pending.clear();
  });
  let next = 0;
  const call = (op: string, ...args: unknown[]) =>
    new Promise((resolve, reject) => {
      const id = ++next;
      pending.set(id, { resolve, reject });
      child.send({ id, op, args });
    });
  const pid = child.pid!;
  return {
    url: ready.url,
    pid,
    call: call as Host<O>['call'],
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      await call('close').catch(() => child.kill('SIGKILL'));
      await exited;
    },
  };
}

/** A Tribunal node with a fresh secret on loopback, without the client or demo data, logging warnings only; `env` adds where its data is and anything else. */
export const startTribunalHost = (env: Record<string, string>) =>
  startHost<TribunalOps>('tribunal-host', { SECRET: crypto.randomBytes(24).toString('hex'), HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', SERVE_CLIENT: 'false', SEED_DEMO: 'false', ...env });
