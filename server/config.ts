import { z } from 'zod';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './paths';
import { parseTrustProxy, type TrustProxy } from './infra/trust-proxy';
import { DEFAULT_SOCKET_ADAPTER, SOCKET_ADAPTERS, type SocketAdapterKind } from './realtime/adapter-kinds';
import type { S3Settings } from './infra/storage-s3';

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
  /** `local` (UPLOAD_DIR, the default) or `s3` (an S3-compatible object store: the S3_* settings). */
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool,
  S3_PUBLIC_URL: optionalUrl,
  S3_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9._-]+\/)*$/, 'empty, or folder names each ending in /')
    .default(''),
  S3_SERVE: z.enum(['redirect', 'proxy']).default('redirect'),
  S3_DIRECT_UPLOADS: bool,
  DATABASE_URL: optionalUrl,
  /** PostgreSQL read replicas of DATABASE_URL's server, comma-separated (docs/operations.md#read-replicas). */
  DATABASE_REPLICA_URLS: z
    .string()
    .optional()
    .transform((v) => (v ?? '').split(',').map((u) => u.trim()).filter(Boolean))
    .pipe(z.array(z.string().url().refine((u) => URL.canParse(u) && /^postgres(ql)?:$/.test(new URL(u).protocol), 'a postgres:// URL'))),
  /** A replica further behind the primary than this leaves the rotation. */
  DATABASE_REPLICA_MAX_LAG_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** How often the replicas' positions are checked. */
  DATABASE_REPLICA_CHECK_MS: z.coerce.number().int().min(50).max(60_000).default(1_000),
  REDIS_URL: optionalUrl,
  REDIS_PREFIX: z.string().default('tribunal:'),
  /** A Redis Cluster instead of one Redis: some of its nodes, `host:port,host:port` (it finds the rest). */
  REDIS_CLUSTER_NODES: z
    .string()
    .optional()
    .transform((v) => (v ?? '').split(',').map((n) => n.trim()).filter(Boolean))
    .pipe(z.array(z.string().regex(/^[^\s:,]+:\d{1,5}$/, 'each node as host:port')).transform((list) => (list.length ? list : undefined))),
  /** How Socket.IO nodes hear each other through Redis (docs/decisions/0010-socket-adapter.md). */
  SOCKET_ADAPTER: z.preprocess((v) => (v === '' ? undefined : v), z.enum(SOCKET_ADAPTERS).default(DEFAULT_SOCKET_ADAPTER)),
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
  /** The client's server entry, which draws a first screen for its page (dist/ssr/first-paint.js beside the client when unset; none there: no first paint). */
  FIRST_PAINT_MODULE: z.string().optional(),
  /** Off: pages go out with an empty root, as before the first paint (on when unset). */
  FIRST_PAINT: bool,
  /** Tests only: external authorization may reach apps on loopback (their test server). */
  EXTERNAL_AUTH_ALLOW_LOOPBACK: bool,
  /** A PEM file of an extra certificate authority trusted when reaching apps (a test's own CA). */
  EXTERNAL_AUTH_CA_FILE: z.string().optional(),
  /** Tests and local development only: webhooks may be delivered to loopback (a receiver on this machine). */
  WEBHOOK_ALLOW_LOOPBACK: bool,
}).refine((e) => e.DATABASE_REPLICA_URLS.length === 0 || !!e.DATABASE_URL, {
  path: ['DATABASE_REPLICA_URLS'],
  message: 'replicas need DATABASE_URL (their primary)',
});

export type Env = z.infer<typeof envSchema>;


export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  uploadDir: string;
  /** STORAGE=s3: where the bytes go instead of UPLOAD_DIR. */
  s3?: S3Settings;
  databaseUrl?: string;
  /** DATABASE_REPLICA_URLS with DATABASE_REPLICA_MAX_LAG_MS and DATABASE_REPLICA_CHECK_MS: read replicas (none: every read on the primary). */
  replicas: { urls: string[]; maxLagMs: number; checkMs: number };
  redisUrl?: string;
  /** REDIS_CLUSTER_NODES: the cluster's seed nodes; set, it stands for REDIS_URL (docs/operations.md#redis). */
  redisClusterNodes?: Array<{ host: string; port: number }>;
  redisPrefix: string;
  /** SOCKET_ADAPTER: classic, sharded or streams; read only when Redis is configured. */
  socketAdapter: SocketAdapterKind;
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
  /** FIRST_PAINT_MODULE: the client's server entry (server/modules/pages/first-paint.ts). */
  firstPaintModule: string;
  /** FIRST_PAINT: whether pages carry their screen drawn (docs/decisions/0014-first-paint.md). */
  firstPaint: boolean;
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

/** The object store's settings: a bucket, and both keys or neither (then the SDK's own chain finds them). */
const s3Schema = envSchema.superRefine((e, ctx) => {
  if (e.STORAGE !== 's3') return;
  if (!e.S3_BUCKET) ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'required when STORAGE=s3' });
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) ctx.addIssue({ code: 'custom', path: ['S3_SECRET_ACCESS_KEY'], message: 'set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together' });
});

function s3SettingsOf(e: Env): S3Settings | undefined {
  if (e.STORAGE !== 's3') return undefined;
  return {
    endpoint: e.S3_ENDPOINT,
    bucket: e.S3_BUCKET!,
    region: e.S3_REGION,
    credentials: e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
    publicUrl: e.S3_PUBLIC_URL?.replace(/\/$/, ''),
    prefix: e.S3_PREFIX,
    serve: e.S3_SERVE,
    directUploads: e.S3_DIRECT_UPLOADS ?? true,
  };
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = s3Schema
    .refine((e) => !(e.REDIS_URL && e.REDIS_CLUSTER_NODES), { path: ['REDIS_CLUSTER_NODES'], message: 'set REDIS_URL or REDIS_CLUSTER_NODES, not both' })
    .refine((e) => !e.REDIS_CLUSTER_NODES || e.REDIS_CLUSTER_NODES.every((n) => Number(n.slice(n.lastIndexOf(':') + 1)) <= 65535), { path: ['REDIS_CLUSTER_NODES'], message: 'a port is above 65535' })
    .safeParse(source);
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
    s3: s3SettingsOf(e),
    databaseUrl: e.DATABASE_URL,
    replicas: { urls: e.DATABASE_REPLICA_URLS, maxLagMs: e.DATABASE_REPLICA_MAX_LAG_MS, checkMs: e.DATABASE_REPLICA_CHECK_MS },
    redisUrl: e.REDIS_URL,
    redisClusterNodes: e.REDIS_CLUSTER_NODES?.map((n) => ({ host: n.slice(0, n.lastIndexOf(':')), port: Number(n.slice(n.lastIndexOf(':') + 1)) })),
    redisPrefix: e.REDIS_PREFIX,
    socketAdapter: e.SOCKET_ADAPTER,
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
    firstPaintModule: path.resolve(e.FIRST_PAINT_MODULE ?? path.join(e.CLIENT_DIR ?? path.join(ROOT, 'dist', 'client'), '..', 'ssr', 'first-paint.js')),
    firstPaint: e.FIRST_PAINT ?? true,
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
