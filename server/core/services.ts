import type { RedisClient } from '@server/infra/redis';
import type { Config } from '@server/config';
import type { Database, Db } from '@server/db/client';
import type { ReadRouting } from '@server/db/read-routing';
import type { Logger } from '@server/infra/logger';
import type { KeyStore } from '@server/infra/store';
import type { ReadCache } from '@server/infra/read-cache';
import type { RateLimiters } from '@server/infra/rate-limits';
import type { TokenService } from '@server/infra/tokens';
import type { CaptchaService } from '@server/infra/captcha';
import type { Storage } from '@server/infra/storage';
import type { JobRunner } from '@server/infra/jobs/types';
import type { Mailer } from '@server/mail/mailer';
import type { PlatformClient } from '@server/platform/client';
import type { DirectoryServer } from '@server/platform/directory-server';
import type { ServerI18n } from '@server/i18n';
import type { Publish } from '@server/db/outbox';
import type { SessionControl } from '@server/realtime/session-control';
import type { UsageCounts } from '@server/infra/usage-counts';
import type { Tallies } from '@server/infra/tallies';

/** Everything a request handler may use; built once per process (or per test file). */
export interface Services {
  config: Config;
  log: Logger;
  /** The primary: every write, every transaction, every read a write depends on. */
  db: Db;
  database: Database;
  /** Where reads that may lag go: the replicas of DATABASE_REPLICA_URLS, else the primary (`HandlerContext.read`). */
  reads: ReadRouting;
  redis?: RedisClient;
  store: KeyStore;
  rateLimiters: RateLimiters;
  tokens: TokenService;
  captcha: CaptchaService;
  mailer: Mailer;
  platform: PlatformClient;
  /** The built-in directory when PLATFORM_API_URL is unset. */
  directory?: DirectoryServer;
  i18n: ServerI18n;
  jobs: JobRunner;
  /** Uploaded files: the local disk under UPLOAD_DIR, or an S3-compatible store (STORAGE=s3). */
  storage: Storage;
  secret: string;
  /** Hot public answers, dropped when their room's events are published. */
  readCache: ReadCache;
  /** Pushes committed events to sockets (replaced by the realtime server once it is attached) and drops the cached answers they outdate. */
  publish: Publish;
  /** Ends or re-checks a user's open sockets on every node (after sign-out, bans, demotions). */
  sessions: SessionControl;
  /** Requests made with applications' keys, counted per key, day and endpoint (docs/applications.md#usage). */
  appUsage: UsageCounts;
  /** Case views counted on this node and added to the cases every `LIMITS.viewFlushMs` (server/modules/cases/views.ts), keyed by the case's id. */
  views: Tallies<{ id: number; views: number }>;
  close(): Promise<void>;
}
