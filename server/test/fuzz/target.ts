import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@server/config';
import { startServer } from '@server/server';
import { DEMO_DIRECTORY_FILE } from '@server/services';
import { DirectoryServer, loadDirectoryFile } from '@server/platform/directory-server';
import type { DirectoryAccount } from '@server/platform/types';
import { startInbox } from '@server/test/smtp-inbox';
import { adminQuery, databaseUrlFor, quoteIdent } from '@server/test/pg-admin';
import { capturingLogger, type FuzzTarget } from './engine';

export interface StandaloneOptions {
  /** A PostgreSQL server (admin URL): the run gets its own database there, dropped afterwards. Else PGlite in memory. */
  databaseUrl?: string;
  redisUrl?: string;
}

/**
 * A server to fuzz outside the test runner (bench/fuzz.ts): its own database, a real SMTP inbox and
 * platform directory on loopback, as the test harness builds them.
 */
export async function startStandaloneTarget(opts: StandaloneOptions = {}): Promise<FuzzTarget & { close(): Promise<void> }> {
  const cleanups: Array<() => Promise<unknown> | unknown> = [];
  const close = async () => {
    for (const fn of cleanups.reverse()) await Promise.resolve().then(fn).catch(() => undefined);
  };
  try {
    const mail = await startInbox();
    cleanups.push(() => mail.close());
    const directory = new DirectoryServer(loadDirectoryFile(DEMO_DIRECTORY_FILE));
    const directoryUrl = await directory.listen(0, '127.0.0.1');
    cleanups.push(() => directory.close());
    const secret = crypto.randomBytes(24).toString('hex');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribunal-fuzz-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = {
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://tribunal.test',
      DATA_DIR: dataDir,
      SECRET: secret,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      TRUST_PROXY: 'loopback',
      SERVE_CLIENT: 'false',
      SMTP_URL: mail.url,
      PLATFORM_API_URL: directoryUrl,
    };
    if (opts.databaseUrl) {
      const name = `tribunal_fuzz_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
      await adminQuery(opts.databaseUrl, `CREATE DATABASE ${quoteIdent(name)}`);
      const adminUrl = opts.databaseUrl;
      cleanups.push(() => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`));
      env.DATABASE_URL = databaseUrlFor(opts.databaseUrl, name);
    }
    if (opts.redisUrl) {
      env.REDIS_URL = opts.redisUrl;
      env.REDIS_PREFIX = `tribunal-fuzz:${process.pid}:`;
    }
    const logs = capturingLogger();
    const server = await startServer(loadConfig(env), { log: logs.log, ...(opts.databaseUrl ? {} : { inMemoryDb: true }) });
    cleanups.push(() => server.close());
    let n = 0;
    const freshAccount = (): DirectoryAccount => {
      n += 1;
      const name = `Fuzzed_${n}_${crypto.randomBytes(2).toString('hex')}`;
      const digits = () => String(crypto.randomInt(100_000_000, 999_999_999)) + String(n).padStart(4, '0');
      const account = { userId: digits(), personaId: digits(), name, email: `${name.toLowerCase()}@players.example`, emailSearchable: true, games: ['Battlefield 1', 'Battlefield V'] } as DirectoryAccount;
      directory.add(account);
      return account;
    };
    return { url: server.url, services: server.services, secret, freshAccount, errorLogs: logs.lines, close };
  } catch (e) {
    await close();
    throw e;
  }
}
