import fs from 'node:fs';
import path from 'node:path';

/** The newest modification time (ms) of these files, and of every file under these folders. */
export function newestChange(...paths: string[]): number {
  return paths.reduce((max, p) => {
    const stat = fs.statSync(p);
    if (!stat.isDirectory()) return Math.max(max, stat.mtimeMs);
    return Math.max(max, newestChange(...fs.readdirSync(p).map((name) => path.join(p, name))));
  }, 0);
}
