import type { Services } from './core/services';
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { ROOT } from './paths';
import type { Redis } from 'ioredis';
import type { Config } from './config';
import { openDatabase, type Database, type Db } from './db/client';
import { createLogger, type Logger } from './infra/logger';
import { connectRedis } from './infra/redis';
import { memoryStore, redisStore, type KeyStore } from './infra/store';
import { createReadCache, type ReadCache } from './infra/read-cache';
import { createRateLimiters, type RateLimiters } from './infra/rate-limits';
import { createTokenService, type TokenService } from './infra/tokens';
import { createCaptchaService, type CaptchaService } from './infra/captcha';
import { createMailer, type Mailer } from './mail/mailer';
import { createPlatformClient, type PlatformClient } from './platform/client';
import { DirectoryServer, loadDirectoryFile } from './platform/directory-server';
import { createServerI18n, type ServerI18n } from './i18n';
import type { JobRunner } from './infra/jobs/types';
import { inProcessRunner } from './infra/jobs/in-process';
import { bullmqRunner } from './infra/jobs/bullmq';
import type { Publish } from './db/outbox';
import { noSessionControl, publishingControl, type SessionControl } from './realtime/session-control';
import { localStorage } from './infra/storage-local';
import { s3Storage } from './infra/storage-s3';
import { setAvatarBase } from './modules/users/avatar';
import { followCaseChanges } from './modules/case-change-followers';
import { createUsageCounts } from '@server/infra/usage-counts';
import { storeUsage } from '@server/modules/applications/usage';
import { countViews } from '@server/modules/cases/views';
import { LIMITS } from '@shared/limits';
import { openReadRouting } from './db/open-read-routing';

export const DEMO_DIRECTORY_FILE = path.join(ROOT, 'server', 'platform', 'demo-accounts.json');

export type { Services } from './core/services';

export interface ServiceOverrides {
  log?: Logger;
  /** A PGlite dump to start from instead of DATA_DIR (tests). */
  loadDataDir?: Blob;
  inMemoryDb?: boolean;
}

/** The signing secret: SECRET, else one generated once and kept in the data directory. */
function resolveSecret(config: Config): string {
  if (config.secret) return config.secret;
  const file = path.join(config.dataDir, 'secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export async function createServices(config: Config, overrides: ServiceOverrides = {}): Promise<Services> {
  const log = overrides.log ?? createLogger(config.logLevel, { file: config.logFile });
  const secret = resolveSecret(config);
  setAvatarBase(config.publicUrl);
  followCaseChanges();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    statementTimeoutMs: config.dbStatementTimeoutMs,
    sharedBuffersMb: config.pgliteSharedBuffersMb,
    dataDir: config.databaseUrl || overrides.inMemoryDb || overrides.loadDataDir ? undefined : path.join(config.dataDir, 'pg'),
    loadDataDir: overrides.loadDataDir,
  });
  const redis = connectRedis(config);
  const reads = await openReadRouting(config, database, redis, log);
  const store = redis ? redisStore(redis, config.redisPrefix) : memoryStore();

  let directory: DirectoryServer | undefined;
  let platformUrl = config.platformApiUrl;
  if (!platformUrl) {
    directory = new DirectoryServer(loadDirectoryFile(config.platformDataFile ?? DEMO_DIRECTORY_FILE));
    platformUrl = await directory.listen(0);
  }

  const readCache = createReadCache({ max: 5_000, ttlMs: config.readCacheTtlMs, redis, channel: `${config.redisPrefix}read-cache:evict`, log });
  const services: Services = {
    config,
    log,
    db: database.db,
    database,
    reads,
    redis,
    store,
    rateLimiters: createRateLimiters(redis, config.redisPrefix),
    tokens: createTokenService(secret),
    captcha: createCaptchaService({
      secret,
      store,
      turnstile: config.turnstileSecret ? { secret: config.turnstileSecret, verifyUrl: config.turnstileVerifyUrl } : undefined,
    }),
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox'), log }),
    platform: createPlatformClient(platformUrl),
    directory,
    i18n: await createServerI18n(),
    jobs: redis ? bullmqRunner(redis, config.redisPrefix, log) : inProcessRunner(log),
    // An object store's temporary files stay on this node's disk (uploads being checked, the image job's work).
    storage: config.s3 ? await s3Storage(config.s3, path.join(config.dataDir, 'tmp')) : localStorage(config.uploadDir),
    secret,
    readCache,
    publish: (events) => readCache.evict(events.map((e) => e.room)),
    // Without a realtime server here (the CLI), Redis still carries the command to the nodes.
    sessions: redis ? publishingControl(redis, config.redisPrefix) : noSessionControl,
    appUsage: createUsageCounts((lines) => storeUsage(database.db, lines), LIMITS.appUsageFlushMs, (err) => log.warn({ err }, 'could not store applications’ usage; kept for the next try')),
    views: countViews(database.db, (err) => log.warn({ err }, 'could not store case views; kept for the next try')),
    async close() {
      await services.views.close();
      await services.appUsage.close();
      await services.jobs.close();
      services.mailer.close();
      await directory?.close();
      await store.close();
      readCache.close();
      redis?.disconnect();
      await reads.close();
      await database.close();
    },
  };
  return services;
}
