import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's root (where package.json is), found from wherever this code runs: server/ when run
 * from source, dist/server/ when run from the prebuilt bundle (`npm run build`). Files the server
 * reads beside its code (migrations, locales, the built client) are found from here.
 */
function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));
