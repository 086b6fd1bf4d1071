/**
 * Operator CLI: `npm run cli -- <command> [options]`. Works on the database the server uses
 * (with PGlite only while the server is stopped: one process owns the data directory).
 */
import crypto from 'node:crypto';
import path from 'node:path';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { PRIVILEGES, canSkipCaptcha } from '@shared/privileges';
import { connectRedis } from './infra/redis';
import { noSessionControl, publishingControl } from './realtime/session-control';
import { usernameField } from '@shared/schemas/account';
import { LIMITS } from '@shared/limits';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { backupDatabase, restoreDatabase } from './db/backup';
import { users } from './db/schema';
import { hashPassword } from './modules/auth/passwords';
import { createTokenService } from './infra/tokens';
import { userAvatarOf } from './modules/users/avatar';
import { IMPORT_USAGE, runImportCommand } from './import/bfban/command';

const HELP = `Usage: npm run cli -- <command> [options]

  add-user <username> [--password P] [--privilege ROLE ...]   create a user (random password if none)
  grant <username> <role>                                     add a privilege
  revoke <username> <role>                                    remove a privilege
  reset-password <username> [--password P]                    set a password and sign the user out everywhere
  token <username> [--days N]                                 print a fresh sign-in token (x-access-token)
  list [--privilege ROLE]                                     list users
  backup <file>                                               write a backup of the whole database (stop the nodes first)
  restore <file>                                              replace the database with a backup (stop the nodes first)
  ${IMPORT_USAGE}
      bring a BFBAN community over from the original's MySQL/MariaDB (docs/operations.md, "Migrating from BFBAN")

Roles: ${PRIVILEGES.join(', ')}`;

async function main() {
  // The import has its own flags (server/import/bfban/options.ts).
  if (process.argv[2] === 'import-bfban') {
    try {
      process.exitCode = await runImportCommand(process.argv.slice(3));
    } catch (e) {
      console.error(`error: ${(e as Error).message}`);
      process.exitCode = 1;
    }
    return;
  }
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { password: { type: 'string' }, privilege: { type: 'string', multiple: true }, days: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const [command, name, role] = positionals;
  if (!command || values.help) return console.log(HELP);
  const config = loadConfig();
  if (command === 'backup' || command === 'restore') return backupOrRestore(command, name, config);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, sharedBuffersMb: config.pgliteSharedBuffersMb, dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pg') });
  const { db } = database;
  // With Redis, running nodes hear of bans, demotions and revoked sessions at once (their sockets follow).
  const redis = connectRedis(config);
  const sessions = redis ? publishingControl(redis, config.redisPrefix) : noSessionControl;
  const find = async (username?: string) => {
    if (!username) throw new Error('a username is required');
    const [row] = await db.select().from(users).where(sql`lower(${users.username}) = ${username.toLowerCase()}`);
    if (!row) throw new Error(`no user named ${username}`);
    return row;
  };
  const checkRole = (r?: string) => {
    if (!r || !(PRIVILEGES as readonly string[]).includes(r)) throw new Error(`unknown role ${r ?? ''}; roles: ${PRIVILEGES.join(', ')}`);
    return r;
  };
  try {
    switch (command) {
      case 'add-user': {
        const username = usernameField.parse(name);
        const privileges = (values.privilege ?? ['normal']).map(checkRole);
        const password = values.password ?? crypto.randomBytes(9).toString('base64url');
        const [row] = await db
          .insert(users)
          .values({ username, passwordHash: await hashPassword(password), privileges, attr: { language: 'en-US', changeNameLeft: LIMITS.changeNameDefault } })
          .returning();
        console.log(`created user #${row!.id} ${username} [${privileges.join(', ')}]${values.password ? '' : ` password: ${password}`}`);
        break;
      }
      case 'grant':
      case 'revoke': {
        const user = await find(name);
        const r = checkRole(role);
        let privileges = command === 'grant' ? [...new Set([...user.privileges, r])] : user.privileges.filter((p) => p !== r);
        if (!privileges.length) privileges = ['normal'];
        await db.update(users).set({ privileges }).where(eq(users.id, user.id));
        await sessions.recheck(user.id);
        console.log(`${user.username}: [${privileges.join(', ')}]`);
        break;
      }
      case 'reset-password': {
        const user = await find(name);
        const password = values.password ?? crypto.randomBytes(9).toString('base64url');
        await db.update(users).set({ passwordHash: await hashPassword(password), signoutTime: new Date() }).where(eq(users.id, user.id));
        await sessions.end(user.id);
        console.log(`${user.username}: password reset, sessions revoked${values.password ? '' : `; new password: ${password}`}`);
        break;
      }
      case 'token': {
        const user = await find(name);
        const secret = config.secret ?? fs.readFileSync(path.join(config.dataDir, 'secret'), 'utf8').trim();
        const days = values.days ? Number(values.days) : 7;
        const { token } = await createTokenService(secret).sign({
          userId: user.id,
          username: user.username,
          userAvatar: userAvatarOf(user),
          privilege: user.privileges,
          visitType: canSkipCaptcha(user.privileges) ? 'bot' : 'websites',
          expiresIn: days * 24 * 3600 * 1000,
        });
        console.log(token);
        break;
      }
      case 'list': {
        const rows = await db.select().from(users).orderBy(users.id);
        for (const u of rows) {
          if (values.privilege && !u.privileges.some((p) => values.privilege!.includes(p))) continue;
          console.log(`#${String(u.id).padEnd(6)} ${u.username.padEnd(24)} [${u.privileges.join(', ')}]${u.originName ? ` bound to ${u.originName}` : ' unbound'}`);
        }
        break;
      }
      default:
        console.log(HELP);
        process.exitCode = 2;
    }
  } catch (e) {
    console.error(`error: ${(e as Error).message}`);
    process.exitCode = 1;
  } finally {
    redis?.disconnect();
    await database.close();
  }
}

/** Backups work on the database's files or through pg_dump/psql, not through an open connection. */
async function backupOrRestore(command: 'backup' | 'restore', file: string | undefined, config: ReturnType<typeof loadConfig>) {
  try {
    if (!file) throw new Error(`a file is required: npm run cli -- ${command} <file>`);
    const target = { databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pg') };
    if (command === 'backup') {
      const bytes = await backupDatabase(target, file);
      console.log(`backup written to ${file} (${bytes} bytes, ${config.databaseUrl ? 'PostgreSQL SQL dump' : 'embedded data directory'})`);
    } else {
      const { keptAt } = await restoreDatabase(target, file);
      console.log(`restored from ${file}${keptAt ? `; the previous data directory is kept at ${keptAt}` : ''}`);
    }
  } catch (e) {
    console.error(`error: ${(e as Error).message}`);
    process.exitCode = 1;
  }
}

await main();
