import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import nodeArgs from '../../deploy/node-args.json';

const root = path.resolve(import.meta.dirname, '../..');

export interface NodeProcess {
  url: string;
  child: ChildProcess;
  /** SIGKILL: the node dies without closing anything, as a crashed machine would. */
  kill(): Promise<void>;
  /** SIGTERM: a clean shutdown. */
  stop(): Promise<void>;
}

const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

/**
 * Starts a real server process (`bin/tribunal.js`, the server bundle, with the deployment's node
 * flags, as pm2 does; the test run builds the bundle: server/test/server-bundle.ts) and waits until it serves.
 */
export function startNode(env: Record<string, string>): Promise<NodeProcess> {
  return new Promise((resolve, reject) => {
    const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !['DATABASE_URL', 'REDIS_URL', 'VITEST', 'VITEST_POOL_ID', 'VITEST_WORKER_ID'].includes(k)));
    const child = spawn(process.execPath, [...nodeArgs, 'bin/tribunal.js'], {
      cwd: root,
      env: { ...clean, NODE_ENV: 'development', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', SERVE_CLIENT: 'false', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`node did not start within 60 s:\n${out}`));
    }, 60_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Tribunal is running at (http:\/\/\S+)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      child.stdout!.resume();
      resolve({
        url: m[1]!.replace('localhost', '127.0.0.1'),
        child,
        async kill() {
          child.kill('SIGKILL');
          await exited(child);
        },
        async stop() {
          child.kill('SIGTERM');
          await exited(child);
        },
      });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`node exited with ${code} before it served:\n${out}`));
    });
  });
}
