import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { openDatabase } from './client';

/**
 * Backups of the whole database, one file each: PostgreSQL as a plain SQL dump (`pg_dump --clean`,
 * replayed by `psql` in one transaction), embedded as PGlite's gzipped data directory. Both are
 * meant for stopped nodes (PGlite allows one process per data directory anyway).
 */
export interface BackupTarget {
  databaseUrl?: string;
  /** The PGlite data directory (DATA_DIR/pg). */
  pgliteDir: string;
}

const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

function runTool(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.once('error', (e) => reject(new Error(`${command} could not start: ${e.message}`)));
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} failed (exit ${code}): ${stderr.trim().slice(0, 2000)}`))));
  });
}

const startsWith = (file: string, magic: Buffer) => {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(magic.length);
    fs.readSync(fd, head, 0, magic.length, 0);
    return head.equals(magic);
  } finally {
    fs.closeSync(fd);
  }
};

/** Writes the backup to `file` (replaced if it exists) and answers its size in bytes. */
export async function backupDatabase(target: BackupTarget, file: string): Promise<number> {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  if (target.databaseUrl) {
    await runTool('pg_dump', ['--format=plain', '--clean', '--if-exists', '--no-owner', '--no-privileges', `--file=${file}`, target.databaseUrl]);
  } else {
    if (!fs.existsSync(target.pgliteDir)) throw new Error(`no embedded database in ${target.pgliteDir}`);
    const database = await openDatabase({ dataDir: target.pgliteDir });
    try {
      fs.writeFileSync(file, Buffer.from(await (await database.dumpDataDir!()).arrayBuffer()));
    } finally {
      await database.close();
    }
  }
  return fs.statSync(file).size;
}

/**
 * Replaces the database with the backup in `file`. Embedded, the current data directory is kept
 * beside it (`pg.before-restore-<time>`) rather than deleted; answers where it went.
 */
export async function restoreDatabase(target: BackupTarget, file: string): Promise<{ keptAt?: string }> {
  if (!fs.existsSync(file)) throw new Error(`no backup file ${file}`);
  const gzipped = startsWith(file, GZIP_MAGIC);
  if (target.databaseUrl) {
    if (gzipped) throw new Error('this is a backup of an embedded (PGlite) database; restore it without DATABASE_URL');
    await runTool('psql', ['--quiet', '--no-psqlrc', '-v', 'ON_ERROR_STOP=1', '--single-transaction', `--file=${file}`, target.databaseUrl]);
    // Migrations newer than the backup are applied now, as a starting node would.
    await (await openDatabase({ databaseUrl: target.databaseUrl, poolSize: 1 })).close();
    return {};
  }
  if (!gzipped) throw new Error('this is not a backup of an embedded database (expected PGlite’s gzipped data directory)');
  let keptAt: string | undefined;
  if (fs.existsSync(target.pgliteDir) && fs.readdirSync(target.pgliteDir).length) {
    keptAt = `${target.pgliteDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(target.pgliteDir, keptAt);
  }
  try {
    const database = await openDatabase({ dataDir: target.pgliteDir, loadDataDir: new Blob([fs.readFileSync(file)]) });
    await database.close();
  } catch (e) {
    // Put the old data back: a failed restore must leave the site as it was.
    fs.rmSync(target.pgliteDir, { recursive: true, force: true });
    if (keptAt) fs.renameSync(keptAt, target.pgliteDir);
    throw e;
  }
  return { keptAt };
}
