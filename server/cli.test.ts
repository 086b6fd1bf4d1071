import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from './db/client';
import { createTokenService } from './infra/tokens';
import { verifyPassword } from './modules/auth/passwords';
import { users } from './db/schema';
import { adminQuery, databaseUrlFor, quoteIdent } from './test/pg-admin';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');
const SECRET = 'cli-test-secret-0123456789abcdef';

/**
 * The operator CLI as an operator runs it (`npm run cli`: bin/cli.js runs the bundle, which the
 * tests' global setup rebuilds when a source is newer): a separate process on the server's database.
 * Each call starts Node and opens the database, so the tests get a longer time limit than the
 * suite's default. The embedded site's data directory starts as a copy of the migrated test
 * database, as a server's first start would have left it (a first start is
 * server/lean-start.embedded.test.ts's).
 */
describe('operator CLI', { timeout: 120_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribunal-cli-'));
  const env: Record<string, string | undefined> = { ...process.env, DATA_DIR: dataDir, SECRET, LOG_LEVEL: 'silent', DATABASE_URL: undefined };
  let pgName: string | undefined;

  const cli = async (...args: string[]) => {
    const { stdout } = await run(process.execPath, [path.join(root, 'bin/cli.js'), ...args], { cwd: root, env });
    return stdout.trim();
  };
  const open = (): Promise<Database> => openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL, poolSize: 1 } : { dataDir: path.join(dataDir, 'pg') });

  beforeAll(async () => {
    if (process.env.DATABASE_URL) {
      pgName = `tribunal_cli_${crypto.randomBytes(4).toString('hex')}`;
      await adminQuery(process.env.DATABASE_URL, `CREATE DATABASE ${quoteIdent(pgName)}`);
      env.DATABASE_URL = databaseUrlFor(process.env.DATABASE_URL, pgName);
    } else {
      const site = await openDatabase({ dataDir: path.join(dataDir, 'pg'), loadDataDir: new Blob([fs.readFileSync(inject('pgliteDump')!)]) });
      await site.close();
    }
  });
  afterAll(async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (pgName) await adminQuery(process.env.DATABASE_URL!, `DROP DATABASE IF EXISTS ${quoteIdent(pgName)} WITH (FORCE)`);
  });

  it('adds a user, grants and revokes privileges, resets the password and prints a working token', async () => {
    expect(await cli('add-user', 'ops-alice', '--password', 'first-pass-1', '--privilege', 'admin')).toMatch(/created user #\d+ ops-alice \[admin\]/);
    expect(await cli('grant', 'ops-alice', 'super')).toBe('ops-alice: [admin, super]');
    expect(await cli('revoke', 'ops-alice', 'admin')).toBe('ops-alice: [super]');
    expect(await cli('list', '--privilege', 'super')).toMatch(/ops-alice\s+\[super\] unbound/);
    expect(await cli('reset-password', 'ops-alice', '--password', 'second-pass-2')).toMatch(/password reset, sessions revoked/);
    const token = await cli('token', 'ops-alice', '--days', '2');

    const db = await open();
    try {
      const [row] = await db.db.select().from(users);
      expect(row!.privileges).toEqual(['super']);
      expect(await verifyPassword(row!.passwordHash, 'second-pass-2')).toBe(true);
      expect(row!.signoutTime).toBeInstanceOf(Date);
      const payload = await createTokenService(SECRET).verify(token);
      expect(payload).toMatchObject({ userId: row!.id, username: 'ops-alice', expiresIn: 2 * 24 * 3600 * 1000 });
      expect(payload!.signWhen).toBeGreaterThan(row!.signoutTime!.getTime());
    } finally {
      await db.close();
    }
  });

  it('backs the database up and restores it: what was added after the backup is gone, what was before is back', async () => {
    const file = path.join(dataDir, 'backups', 'site.backup');
    await cli('add-user', 'ops-kept', '--password', 'kept-pass-1', '--privilege', 'admin');
    expect(await cli('backup', file)).toMatch(new RegExp(`backup written to .*site\\.backup \\(\\d+ bytes`));
    await cli('add-user', 'ops-later', '--password', 'later-pass-1');
    await cli('revoke', 'ops-kept', 'admin');
    expect(await cli('list')).toMatch(/ops-later/);

    expect(await cli('restore', file)).toMatch(/restored from/);
    const listed = await cli('list');
    expect(listed).toMatch(/ops-kept\s+\[admin\]/);
    expect(listed).not.toMatch(/ops-later/);
    const db = await open();
    try {
      const [kept] = (await db.db.select().from(users)).filter((u) => u.username === 'ops-kept');
      expect(await verifyPassword(kept!.passwordHash, 'kept-pass-1')).toBe(true);
    } finally {
      await db.close();
    }
    // A backup of the other mode is refused with a clear message, and the database is left alone.
    const wrong = path.join(dataDir, 'backups', 'wrong.backup');
    fs.writeFileSync(wrong, env.DATABASE_URL ? Buffer.from([0x1f, 0x8b, 0, 0]) : '-- SQL dump\n');
    await expect(cli('restore', wrong)).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/embedded/) });
    expect(await cli('list')).toMatch(/ops-kept/);
    await expect(cli('restore', path.join(dataDir, 'missing.backup'))).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('no backup file') });
  });

  it('refuses unknown roles, unknown users and bad usernames with a non-zero exit', async () => {
    await expect(cli('grant', 'nobody-here', 'admin')).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('no user named nobody-here') });
    await expect(cli('add-user', 'ops-bob', '--privilege', 'emperor')).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('unknown role emperor') });
    await expect(cli('add-user', 'x!')).rejects.toMatchObject({ code: 1 });
  });
});
