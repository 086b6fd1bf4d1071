/**
 * `npm run dev`: the API (restarted on change by tsx watch) and Vite with hot reload, which
 * proxies /api and /socket.io to the API. Open the Vite URL it prints.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const apiPort = process.env.PORT ?? '8080';
const children: ChildProcess[] = [];

function run(name: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code) => {
    console.log(`[dev] ${name} exited (${code}); stopping`);
    stop(code ?? 1);
  });
  children.push(child);
}

function stop(code: number) {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  process.exit(code);
}

run('api', ['--import', 'tsx', '--watch', 'server/main.ts'], { PORT: apiPort, SERVE_CLIENT: 'false' });
run('vite', ['node_modules/vite/bin/vite.js'], { API_PORT: apiPort });
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
