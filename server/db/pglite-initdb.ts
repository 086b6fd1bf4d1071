import fs from 'node:fs';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ROOT } from '../paths';

const run = promisify(execFile);

/** Opens PGlite on the directory given as the first argument (which runs initdb there) and closes it. */
const SETUP = "const { PGlite } = await import('@electric-sql/pglite'); const pg = new PGlite({ dataDir: process.argv[1] }); await pg.waitReady; await pg.close();";

/**
 * PGlite sets up a new data directory by running initdb in a second PostgreSQL instance inside the
 * calling process. That instance's memory (and a copy of it) stays until a full garbage collection,
 * which an idle node may not run for hours: a node started on an empty directory held 736 MB
 * resident, and 219 MB once restarted on the same directory. So a directory without a database is
 * set up by a short-lived process of its own, and the caller then opens it like any other.
 */
export async function setUpDataDirApart(dataDir: string) {
  if (fs.existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  // The child runs from the project's root: a relative directory is named from here.
  await run(process.execPath, ['--input-type=module', '-e', SETUP, path.resolve(dataDir)], { cwd: ROOT, timeout: 120_000 });
}
