import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

const root = path.resolve(import.meta.dirname, '../..');
export const SERVER_BUNDLE = path.join(root, 'dist', 'server', 'main.mjs');

/** The newest modification time of the files under `dir`. */
const newest = (dir: string): number =>
  fs.readdirSync(dir, { withFileTypes: true }).reduce((max, e) => {
    const p = path.join(dir, e.name);
    return Math.max(max, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }, 0);

/**
 * Server processes started by tests run `bin/tribunal.js`, which runs the bundle `npm run build`
 * makes: rebuilt here (`npm run build:server`) when it is missing or older than a source file, so
 * those tests run the code they sit beside.
 */
export function buildServerBundleIfStale() {
  const sources = Math.max(newest(path.join(root, 'server')), newest(path.join(root, 'shared')), fs.statSync(path.join(root, 'package.json')).mtimeMs);
  if (fs.existsSync(SERVER_BUNDLE) && fs.statSync(SERVER_BUNDLE).mtimeMs >= sources) return;
  execFileSync('npm', ['run', '--silent', 'build:server'], { cwd: root, stdio: 'pipe' });
}
