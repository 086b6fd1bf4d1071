import type { Redis } from 'ioredis';
import type { Config } from '@server/config';
import type { Database, Db } from '@server/db/client';
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

/** Everything a request handler may use; built once per process (or per test file). */
export interface Services {
  config: Config;
  log: Logger;
  db: Db;
  database: Database;
  redis?: Redis;
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
  /** Uploaded files (local disk under UPLOAD_DIR). */
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
  close(): Promise<void>;
}
