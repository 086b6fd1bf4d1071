// Plain-JS entry for process managers that refuse TypeScript scripts (pm2). In production it runs
// the server prebuilt by `npm run build` (dist/server/main.mjs): through tsx, whose loader runs on a
// thread of its own and transforms every file at start, each node kept 60-75 MB more resident.
// Otherwise, or when a source file is newer than that build, it loads the sources through tsx.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'dist', 'server', 'main.mjs');

/** The newest modification time of the files under dir. */
const newest = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).reduce((max, e) => {
    const p = path.join(dir, e.name);
    return Math.max(max, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }, 0);

const builtIsCurrent = () => fs.existsSync(built) && fs.statSync(built).mtimeMs >= Math.max(newest(path.join(root, 'server')), newest(path.join(root, 'shared')));

if (process.env.NODE_ENV === 'production' && builtIsCurrent()) {
  await import(pathToFileURL(built).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../server/main.ts');
}
