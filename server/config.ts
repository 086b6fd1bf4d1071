import { z } from 'zod';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './paths';
import { parseTrustProxy, type TrustProxy } from './infra/trust-proxy';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : ['true', '1', 'yes'].includes(v)));
const optionalUrl = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.string().url().optional());

export interface CorsSettings {
  /** CORS_ORIGINS: when set, only these origins are echoed; otherwise any real origin is. */
  origins?: string[];
  /**
   * CORS_CREDENTIAL_ORIGINS: origins that also get `Access-Control-Allow-Credentials` — only for a
   * legacy browser front-end on another origin that sends `withCredentials` (docs/api-compatibility.md#bugs-of-the-original-not-kept). The API
   * never reads cookies, so nobody else needs it and by default nobody gets it.
   */
  credentialOrigins?: string[];
}

/** Environment variables; every missing one picks the embedded part (docs/architecture.md#run-modes). */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().default('data'),
  /** Where uploaded files are kept; `<DATA_DIR>/uploads` when unset. */
  UPLOAD_DIR: z.string().optional(),
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  REDIS_PREFIX: z.string().default('tribunal:'),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Tribunal <no-reply@tribunal.local>'),
  PLATFORM_API_URL: optionalUrl,
  PLATFORM_DATA_FILE: z.string().optional(),
  SECRET: z.string().min(16).optional(),
  SEED_DEMO: bool,
  DEMO_PASSWORD: z.string().min(6).optional(),
  TRUST_PROXY: z.string().default('loopback'),
  LOG_FILE: z.string().optional(),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(15_000),
  /** Embedded mode: PGlite's buffer pool in MB (see `PGLITE_SHARED_BUFFERS_MB_DEFAULT`). */
  PGLITE_SHARED_BUFFERS_MB: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(4096).optional()),
  READ_CACHE_TTL_MS: z.coerce.number().int().min(0).max(30_000).default(5_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TURNSTILE_SITE_KEY: z.string().optional(),
  TURNSTILE_SECRET: z.string().optional(),
  TURNSTILE_VERIFY_URL: optionalUrl,
  CORS_ORIGINS: z.string().optional(),
  CORS_CREDENTIAL_ORIGINS: z.string().optional(),
  SERVE_CLIENT: bool,
  /** The built client served when SERVE_CLIENT is on; `dist/client` when unset. */
  CLIENT_DIR: z.string().optional(),
  /** Tests only: external authorization may reach apps on loopback (their test server). */
  EXTERNAL_AUTH_ALLOW_LOOPBACK: bool,
  /** A PEM file of an extra certificate authority trusted when reaching apps (a test's own CA). */
  EXTERNAL_AUTH_CA_FILE: z.string().optional(),
  /** Tests and local development only: webhooks may be delivered to loopback (a receiver on this machine). */
  WEBHOOK_ALLOW_LOOPBACK: bool,
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  uploadDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  redisPrefix: string;
  smtpUrl?: string;
  mailFrom: string;
  platformApiUrl?: string;
  platformDataFile?: string;
  secret?: string;
  seedDemo: boolean;
  demoPassword?: string;
  /** Which peers may tell the client's address (X-Forwarded-For): Express's `trust proxy`. */
  trustProxy: TrustProxy;
  logLevel: Env['LOG_LEVEL'];
  /** LOG_FILE: append the log to this file instead of standard output. */
  logFile?: string;
  /** DB_STATEMENT_TIMEOUT_MS: PostgreSQL statements running longer are cancelled (0 = no limit). */
  dbStatementTimeoutMs: number;
  /** PGLITE_SHARED_BUFFERS_MB: embedded mode's buffer pool; unset = the database layer's default. */
  pgliteSharedBuffersMb?: number;
  /** READ_CACHE_TTL_MS: how long a hot public answer (a case) may be served from memory at most; 0 = never. */
  readCacheTtlMs: number;
  /** Cloudflare Turnstile, offered to clients only when both its site key and its secret are set. */
  turnstileSiteKey?: string;
  turnstileSecret?: string;
  turnstileVerifyUrl: string;
  serveClient: boolean;
  clientDir: string;
  /** CORS_ORIGINS / CORS_CREDENTIAL_ORIGINS: see `server/http/cors.ts`. */
  cors: CorsSettings;
  externalAuth: { allowLoopback: boolean; ca?: string };
  webhooks: { allowLoopback: boolean };
}

/** A comma-separated origin list; empty means unset (echo any origin). */
const corsList = (v: string | undefined) => {
  const list = (v ?? '').split(',').map((o) => o.trim()).filter(Boolean);
  return list.length ? list : undefined;
};

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    uploadDir: path.resolve(e.UPLOAD_DIR ?? path.join(dataDir, 'uploads')),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    platformApiUrl: e.PLATFORM_API_URL,
    platformDataFile: e.PLATFORM_DATA_FILE,
    secret: e.SECRET,
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== 'production',
    demoPassword: e.DEMO_PASSWORD,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    logFile: e.LOG_FILE || undefined,
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    readCacheTtlMs: e.READ_CACHE_TTL_MS,
    pgliteSharedBuffersMb: e.PGLITE_SHARED_BUFFERS_MB,
    turnstileSiteKey: e.TURNSTILE_SITE_KEY || undefined,
    turnstileSecret: e.TURNSTILE_SECRET || undefined,
    turnstileVerifyUrl: e.TURNSTILE_VERIFY_URL ?? 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
    serveClient: e.SERVE_CLIENT ?? true,
    clientDir: path.resolve(e.CLIENT_DIR ?? path.join(ROOT, 'dist', 'client')),
    cors: { origins: corsList(e.CORS_ORIGINS), credentialOrigins: corsList(e.CORS_CREDENTIAL_ORIGINS) },
    externalAuth: {
      // Never in production, whatever the environment says.
      allowLoopback: e.NODE_ENV !== 'production' && !!e.EXTERNAL_AUTH_ALLOW_LOOPBACK,
      ca: e.EXTERNAL_AUTH_CA_FILE ? fs.readFileSync(e.EXTERNAL_AUTH_CA_FILE, 'utf8') : undefined,
    },
    // Never in production either.
    webhooks: { allowLoopback: e.NODE_ENV !== 'production' && !!e.WEBHOOK_ALLOW_LOOPBACK },
  };
}
