import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { newestChange } from './newest-change';

const root = path.resolve(import.meta.dirname, '../..');
export const SERVER_BUNDLE = path.join(root, 'dist', 'server', 'main.mjs');

/**
 * Server processes started by tests run `bin/tribunal.js`, which runs the bundle `npm run build`
 * makes: rebuilt here (`npm run build:server`) when it is missing or older than a source file, so
 * those tests run the code they sit beside.
 */
export function buildServerBundleIfStale() {
  const sources = newestChange(...['server', 'shared', 'package.json'].map((p) => path.join(root, p)));
  if (fs.existsSync(SERVER_BUNDLE) && fs.statSync(SERVER_BUNDLE).mtimeMs >= sources) return;
  execFileSync('npm', ['run', '--silent', 'build:server'], { cwd: root, stdio: 'pipe' });
}
