/**
 * Throw-away MariaDB databases for the import's tests and bench: a unique name per run, dropped
 * afterwards. `MARIADB_URL` names the server (default: root on 127.0.0.1:3306, as `.ci/run` starts it).
 */
import crypto from 'node:crypto';
import mysql from 'mysql2/promise';

export const MARIADB_URL = process.env.MARIADB_URL ?? 'mysql://root@127.0.0.1:3306/test';

/** Why MariaDB cannot be used here, or null when it answers. */
export async function mariadbUnavailable(url = MARIADB_URL): Promise<string | null> {
  try {
    const conn = await mysql.createConnection({ uri: url, connectTimeout: 3_000 });
    await conn.query('SELECT 1');
    await conn.end();
    return null;
  } catch (e) {
    return `MariaDB at ${new URL(url).host} does not answer (${(e as Error).message}); start it as .ci/run does`;
  }
}

export interface ScratchDatabase {
  name: string;
  /** The database's URL (the server's, with this database). */
  url: string;
  connect(): Promise<mysql.Connection>;
  drop(): Promise<void>;
}

export async function createScratchDatabase(prefix = 'bfban', serverUrl = MARIADB_URL): Promise<ScratchDatabase> {
  const name = `${prefix}_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = await mysql.createConnection({ uri: serverUrl });
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.end();
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  return {
    name,
    url,
    connect: () => mysql.createConnection({ uri: url, multipleStatements: false }),
    async drop() {
      const c = await mysql.createConnection({ uri: serverUrl });
      await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await c.end();
    },
  };
}
