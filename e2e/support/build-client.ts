import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { newestChange } from '@server/test/newest-change';

/** Builds the client once per run unless a build newer than every client source (and the build's own configuration) exists. */
export default function buildClient() {
  const root = path.resolve(import.meta.dirname, '../..');
  const index = path.join(root, 'dist/client/index.html');
  const inputs = ['client', 'locales', 'shared', 'vite.config.ts', 'vite.chunks.ts', 'server/modules/pages/precompress.ts'];
  const sources = newestChange(...inputs.map((p) => path.join(root, p)));
  if (fs.existsSync(index) && fs.statSync(index).mtimeMs > sources) return;
  // As `npm run build` builds it: under vitest NODE_ENV is `test`, which gave Vite React's development build.
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}
