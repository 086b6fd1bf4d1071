import net from 'node:net';
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from './free-port';

/** A Redis server of a test's own (the machine's redis-server binary), to kill and start again. */
export interface PrivateRedis {
  url: string;
  kill(): Promise<void>;
  start(): Promise<void>;
}


export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    for (let i = 0; i < 100; i++) {
      const up = await new Promise<boolean>((resolve) => {
        const s = net.connect(port, '127.0.0.1', () => {
          s.destroy();
          resolve(true);
        });
        s.on('error', () => resolve(false));
      });
      if (up) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('redis-server did not start');
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    async kill() {
      const c = child;
      if (!c || c.exitCode !== null) return;
      const exited = new Promise((r) => c.once('exit', r));
      c.kill('SIGKILL');
      await exited;
    },
    start,
  };
}
