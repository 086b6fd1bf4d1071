// Runs one entry of the server bundle that `npm run build` writes to dist/server/, with plain node:
// production needs neither tsx nor the TypeScript sources.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Imports dist/server/<name>; exits 1, saying what to do, when there is no build. */
export async function runBuilt(name) {
  const built = path.join(root, 'dist', 'server', name);
  if (!fs.existsSync(built)) {
    console.error(`${path.relative(process.cwd(), built) || built} is missing: run \`npm run build\` first.`);
    process.exit(1);
  }
  await import(pathToFileURL(built).href);
}
