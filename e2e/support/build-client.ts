import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

/** Builds the client once per run unless a build newer than every client source exists. */
export default function buildClient() {
  const root = path.resolve(import.meta.dirname, '../..');
  const index = path.join(root, 'dist/client/index.html');
  const newest = (dir: string): number =>
    fs.readdirSync(dir, { withFileTypes: true }).reduce((max, e) => {
      const p = path.join(dir, e.name);
      return Math.max(max, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
    }, 0);
  const sources = Math.max(newest(path.join(root, 'client')), newest(path.join(root, 'locales')), newest(path.join(root, 'shared')));
  if (fs.existsSync(index) && fs.statSync(index).mtimeMs > sources) return;
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
}
