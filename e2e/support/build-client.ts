import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

/** Builds the client once per run unless a build newer than every client source (and the build's own configuration) exists. */
export default function buildClient() {
  const root = path.resolve(import.meta.dirname, '../..');
  const index = path.join(root, 'dist/client/index.html');
  const newest = (dir: string): number =>
    fs.readdirSync(dir, { withFileTypes: true }).reduce((max, e) => {
      const p = path.join(dir, e.name);
      return Math.max(max, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
    }, 0);
  const config = ['vite.config.ts', 'vite.chunks.ts', 'server/modules/pages/precompress.ts'].map((f) => fs.statSync(path.join(root, f)).mtimeMs);
  const sources = Math.max(newest(path.join(root, 'client')), newest(path.join(root, 'locales')), newest(path.join(root, 'shared')), ...config);
  if (fs.existsSync(index) && fs.statSync(index).mtimeMs > sources) return;
  // As `npm run build` builds it: under vitest NODE_ENV is `test`, which gave Vite React's development build.
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}
