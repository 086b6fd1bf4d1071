import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { inject } from 'vitest';
import { eq } from 'drizzle-orm';
import supertest from 'supertest';
import { io, type Socket } from 'socket.io-client';
import { roomOf, type ClientToServerEvents, type JoinResult, type RoomEvent, type ServerToClientEvents } from '@shared/socket';
import { loadConfig } from '@server/config';
import { connectRedis, unlinkPrefixed } from '@server/infra/redis';
import { startServer, type RunningServer } from '@server/server';
import type { Logger } from '@server/infra/logger';
import { DEMO_DIRECTORY_FILE, type Services } from '@server/services';
import { appAuthorizations, users, type UserAttr, type UserRow } from '@server/db/schema';
import { LIMITS } from '@shared/limits';
import type { TokenPayload } from '@shared/types/account';
import { hashPassword } from '@server/modules/auth/passwords';
import { openAnswer } from '@server/infra/captcha';
import { DirectoryServer, loadDirectoryFile } from '@server/platform/directory-server';
import type { DirectoryAccount } from '@server/platform/types';
import { startInbox, type Inbox } from './smtp-inbox';
import { createDatabaseFromTemplate, databaseUrlFor, dropDatabase } from './pg-admin';
import { freePort } from './free-port';

/** The signing secret of every test server: tests read captcha answers with it. */
export const TEST_SECRET = 'tribunal-test-secret-0123456789abcdef';
/** The password of every factory user unless a test picks another. */
export const TEST_PASSWORD = 'correct-horse-7';
export const PUBLIC_URL = 'http://tribunal.test';

let counter = 0;
/** A name unique in this run: prefix + per-process counter + random suffix (letters, digits, `-`). */
export function unique(prefix = 'u'): string {
  counter += 1;
  return `${prefix}${counter}-${crypto.randomBytes(3).toString('hex')}`;
}
/** A platform id (digits only) unique in this run. */
function uniqueDigits(): string {
  counter += 1;
  return `${7 + (counter % 3)}${String(counter).padStart(6, '0')}${crypto.randomInt(100_000_000, 999_999_999)}`;
}

export type SvgCaptcha = { captchaType: 'svg'; encryptCaptcha: string; response: string };
export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface TestUser {
  id: number;
  username: string;
  password: string;
  privileges: string[];
  /** The bound platform account, when bound. */
  account: DirectoryAccount | null;
  /** The bound platform e-mail (lower case), when bound. */
  email: string | null;
}

export interface CreateUserOptions {
  privileges?: string[];
  /** Bound to a fresh platform account (default true). */
  bound?: boolean;
  password?: string;
  attr?: Partial<UserAttr>;
  valid?: boolean;
  username?: string;
}

export interface SignInOptions {
  visitType?: string;
  EXPIRES_IN?: number;
  /** Send SKIP_CAPTCHA instead of solving one (bot and dev accounts). */
  skipCaptcha?: boolean;
}

type Method = 'get' | 'post' | 'put' | 'delete' | 'patch' | 'head' | 'options';
/** supertest against the running server; each request comes from its own client address (X-Forwarded-For). */
export type Requester = Record<Method, (path: string) => supertest.Test>;

export interface TestApp {
  url: string;
  request: Requester;
  services: Services;
  server: RunningServer;
  mail: Inbox;
  directory: {
    url: string;
    /** Adds (or replaces) a platform account. */
    add(account: DirectoryAccount): void;
    /** Builds and adds a fresh platform account owning a Battlefield game. */
    freshAccount(overrides?: Omit<Partial<DirectoryAccount>, 'games'> & { games?: string[] | null }): DirectoryAccount;
    demo: DirectoryAccount[];
    /** Stops answering (connections to its port are refused) until start(). */
    stop(): Promise<void>;
    /** Answers again, on the same address. */
    start(): Promise<void>;
  };
  factories: {
    createUser(opts?: CreateUserOptions): Promise<TestUser>;
    /** A token from the real POST /api/user/signin. */
    signIn(user: Pick<TestUser, 'username' | 'password'>, opts?: SignInOptions): Promise<string>;
    /** createUser + signIn. */
    signedIn(opts?: CreateUserOptions & SignInOptions): Promise<{ user: TestUser; token: string }>;
    freshAccount: TestApp['directory']['freshAccount'];
    userRow(id: number): Promise<UserRow>;
  };
  /** A fresh captcha, solved with the server secret. */
  solveCaptcha(): Promise<SvgCaptcha>;
  /**
   * A Socket.IO client connected over a websocket (rejects with the server's refusal), from a client
   * address of its own as HTTP requests are, or with `forwardedFor` as its X-Forwarded-For header
   * (null: none, the loopback connection's own address).
   */
  socket(token?: string, opts?: { forwardedFor?: string | null }): Promise<ClientSocket>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** 'closed': the mail server refuses connections (a closed loopback port). */
  smtp?: 'closed';
  /** 'closed': the platform directory is unreachable (a closed loopback port). */
  platform?: 'closed';
  /** More environment for loadConfig. */
  env?: Record<string, string>;
  /** A PostgreSQL database of the test's own instead of a copy of the template (migrated at start): a primary with replicas. */
  databaseUrl?: string;
  /** PostgreSQL only: the address the server gets instead of its database's (a fault-injecting relay). */
  databaseVia?: (databaseUrl: string) => Promise<string>;
  /** The server's logger (to read what it logs); the default logs nothing in tests. */
  log?: Logger;
}


const passwordHashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => {
  if (!passwordHashes.has(password)) passwordHashes.set(password, hashPassword(password));
  return passwordHashes.get(password)!;
};

/**
 * Boots the real server for one test file (call in beforeAll): its own database (a copy of the
 * migrated template), its own SMTP server, platform directory and Redis prefix, real HTTP and
 * Socket.IO on a loopback port.
 */
export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const cleanups: Array<() => Promise<unknown> | unknown> = [];
  const runCleanups = async () => {
    for (const fn of cleanups.reverse()) await Promise.resolve().then(fn).catch(() => undefined);
    cleanups.length = 0;
  };
  try {
    const mail = await startInbox();
    cleanups.push(() => mail.close());

    const demo = loadDirectoryFile(DEMO_DIRECTORY_FILE);
    const directoryServer = new DirectoryServer(demo);
    const directoryUrl = await directoryServer.listen(0, '127.0.0.1');
    cleanups.push(() => directoryServer.close());

    const env: Record<string, string> = {
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_URL,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'tribunal-test-data-')),
      SECRET: TEST_SECRET,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      TRUST_PROXY: 'loopback',
      SERVE_CLIENT: 'false',
      // A drawn first screen is in the page before the app takes it over, and a test that acts on it
      // races React's first render: only the tests about the first paint turn it on.
      FIRST_PAINT: 'false',
      SMTP_URL: opts.smtp === 'closed' ? `smtp://127.0.0.1:${await freePort()}?ignoreTLS=true` : mail.url,
      PLATFORM_API_URL: opts.platform === 'closed' ? `http://127.0.0.1:${await freePort()}` : directoryUrl,
      ...opts.env,
    };
    cleanups.push(() => fs.rmSync(env.DATA_DIR!, { recursive: true, force: true }));

    const overrides: Parameters<typeof startServer>[1] = opts.log ? { log: opts.log } : {};
    const adminUrl = process.env.DATABASE_URL;
    if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
    else if (adminUrl) {
      const template = inject('pgTemplate');
      if (!template) throw new Error('DATABASE_URL is set but the global setup made no template database');
      const dbName = await createDatabaseFromTemplate(adminUrl, template);
      cleanups.push(() => dropDatabase(adminUrl, dbName));
      env.DATABASE_URL = databaseUrlFor(adminUrl, dbName);
      if (opts.databaseVia) env.DATABASE_URL = await opts.databaseVia(env.DATABASE_URL);
    } else {
      const dump = inject('pgliteDump');
      if (!dump) throw new Error('the global setup made no PGlite dump');
      overrides.loadDataDir = new Blob([fs.readFileSync(dump)]);
    }
    const redisPrefix = `tribunal-test:${process.pid}:${crypto.randomBytes(4).toString('hex')}:`;
    if (opts.env?.REDIS_URL || opts.env?.REDIS_CLUSTER_NODES) env.REDIS_PREFIX = redisPrefix;
    else if (process.env.REDIS_URL) {
      env.REDIS_URL = process.env.REDIS_URL;
      env.REDIS_PREFIX = redisPrefix;
    }

    if (env.REDIS_URL || env.REDIS_CLUSTER_NODES) {
      // Runs after server.close (cleanups run in reverse), when no job or socket can write any more:
      // leave nothing of this file in Redis (on every master of a cluster). BullMQ's keys in a
      // cluster begin with the hash tag's brace.
      const target = loadConfig(env);
      cleanups.push(async () => {
        const redis = connectRedis(target)!;
        try {
          await unlinkPrefixed(redis, redisPrefix);
          await unlinkPrefixed(redis, `{${redisPrefix}`);
        } finally {
          redis.disconnect();
        }
      });
    }
    const server = await startServer(loadConfig(env), overrides);
    cleanups.push(() => server.close());

    const agent = supertest(server.url);
    let ipCounter = 0;
    const nextIp = () => {
      ipCounter += 1;
      return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
    };
    const methods: Method[] = ['get', 'post', 'put', 'delete', 'patch', 'head', 'options'];
    const request = Object.fromEntries(methods.map((m) => [m, (p: string) => agent[m](p).set('X-Forwarded-For', nextIp())])) as Requester;

    const sockets = new Set<ClientSocket>();
    cleanups.push(() => {
      for (const s of sockets) s.disconnect();
    });

    const freshAccount: TestApp['directory']['freshAccount'] = (overrides = {}) => {
      const name = unique('Soldier').replace(/-/g, '_');
      const account: DirectoryAccount = {
        userId: uniqueDigits(),
        personaId: uniqueDigits(),
        name,
        email: `${name.toLowerCase()}@players.example`,
        emailSearchable: true,
        games: ['Battlefield 1', 'Battlefield V'],
        ...overrides,
        ...(overrides.games === null ? { games: undefined } : {}),
      } as DirectoryAccount;
      directoryServer.add(account);
      return account;
    };

    async function solveCaptcha(): Promise<SvgCaptcha> {
      const res = await request.get('/api/captcha');
      if (res.status !== 200) throw new Error(`GET /api/captcha answered ${res.status} ${JSON.stringify(res.body)}`);
      const answer = openAnswer(TEST_SECRET, res.body.data.hash);
      if (!answer) throw new Error('the captcha hash does not open with the test secret');
      return { captchaType: 'svg', encryptCaptcha: res.body.data.hash, response: answer.text };
    }

    async function createUser(o: CreateUserOptions = {}): Promise<TestUser> {
      const password = o.password ?? TEST_PASSWORD;
      const account = o.bound === false ? null : freshAccount();
      const username = o.username ?? unique('user');
      const [row] = await server.services.db
        .insert(users)
        .values({
          username,
          passwordHash: await hashOf(password),
          privileges: o.privileges ?? ['normal'],
          valid: o.valid ?? true,
          attr: { language: 'en-US', changeNameLeft: 3, allowDM: false, showOrigin: false, showAchievement: true, showAD: true, ...o.attr },
          originName: account?.name ?? null,
          originUserId: account?.userId ?? null,
          originPersonaId: account?.personaId ?? null,
          originEmail: account?.email ?? null,
        })
        .returning();
      // What the product's events would tell the read cache about an account made directly here.
      server.services.readCache.evict([roomOf.user(row!.id), roomOf.all]);
      return { id: row!.id, username, password, privileges: row!.privileges, account, email: account?.email ?? null };
    }

    async function signIn(user: Pick<TestUser, 'username' | 'password'>, o: SignInOptions = {}): Promise<string> {
      const captcha = o.skipCaptcha ? { SKIP_CAPTCHA: true } : { captcha: await solveCaptcha() };
      const data: Record<string, unknown> = { username: user.username, password: user.password };
      if (o.visitType) data.visitType = o.visitType;
      if (o.EXPIRES_IN) data.EXPIRES_IN = o.EXPIRES_IN;
      const res = await request.post('/api/user/signin').send({ data, ...captcha });
      if (res.status !== 200) throw new Error(`sign-in of ${user.username} answered ${res.status} ${JSON.stringify(res.body)}`);
      if (o.visitType === 'external-auth') return issueAppToken(server.services, res.body.data.userinfo as TokenPayload);
      return res.body.data.token as string;
    }


    async function userRow(id: number): Promise<UserRow> {
      const [row] = await server.services.db.select().from(users).where(eq(users.id, id));
      if (!row) throw new Error(`no user ${id}`);
      return row;
    }

    async function socket(token?: string, opts: { forwardedFor?: string | null } = {}): Promise<ClientSocket> {
      const forwardedFor = opts.forwardedFor === undefined ? nextIp() : opts.forwardedFor;
      const s: ClientSocket = io(server.url, {
        extraHeaders: forwardedFor === null ? {} : { 'x-forwarded-for': forwardedFor },
        path: '/socket.io',
        transports: ['websocket'],
        auth: token ? { token } : {},
        reconnection: false,
        forceNew: true,
        timeout: 10_000,
      });
      sockets.add(s);
      try {
        await new Promise<void>((resolve, reject) => {
          s.once('connect', () => resolve());
          s.once('connect_error', (err) => reject(err));
        });
      } catch (e) {
        s.disconnect();
        sockets.delete(s);
        throw e;
      }
      return s;
    }

    return {
      url: server.url,
      request,
      services: server.services,
      server,
      mail,
      directory: {
        url: directoryUrl,
        add: (a) => directoryServer.add(a),
        freshAccount,
        demo,
        stop: () => directoryServer.close(),
        start: async () => void (await directoryServer.listen(Number(new URL(directoryUrl).port), '127.0.0.1')),
      },
      factories: {
        createUser,
        signIn,
        async signedIn(o = {}) {
          const user = await createUser(o);
          return { user, token: await signIn(user, o) };
        },
        freshAccount,
        userRow,
      },
      solveCaptcha,
      socket,
      close: runCleanups,
    };
  } catch (e) {
    await runCleanups();
    throw e;
  }
}

/** An app's token as confirmAuth issues it: an approved authorization of the user, and a token naming it. */
export async function issueAppToken(services: Services, info: Omit<TokenPayload, 'signWhen' | 'expiresIn' | 'visitType'>): Promise<string> {
  const [row] = await services.db
    .insert(appAuthorizations)
    .values({
      userId: info.userId,
      requestedBy: info.userId,
      appName: 'Test app',
      appId: 'test-app',
      callbackUrl: 'https://app.example/callback',
      tokenTtl: LIMITS.appTokenTtlMs,
      codeHash: crypto.randomBytes(32).toString('hex'),
      codeExpires: new Date(),
      state: 'approved',
    })
    .returning();
  const { token } = await services.tokens.sign({ ...info, visitType: 'external-auth', expiresIn: LIMITS.appTokenTtlMs, authId: row!.id });
  return token;
}

/** Joins a room and returns the server's answer. */
export function joinRoom(socket: ClientSocket, room: string, lastSeq?: number): Promise<JoinResult> {
  return socket.timeout(5_000).emitWithAck('room:join', lastSeq === undefined ? { room } : { room, lastSeq });
}

/** Calls `listener` for every room event a socket receives from now on, one at a time (those sent in one frame in order); returns what stops it. */
export function onRoomEvents(socket: ClientSocket, listener: (ev: RoomEvent) => void): () => void {
  const many = (events: RoomEvent[]) => events.forEach((ev) => listener(ev));
  socket.on('room:event', listener);
  socket.on('room:events', many);
  return () => {
    socket.off('room:event', listener);
    socket.off('room:events', many);
  };
}

/** Collects every room event a socket receives from now on. */
export function collectEvents(socket: ClientSocket): RoomEvent[] {
  const events: RoomEvent[] = [];
  onRoomEvents(socket, (ev) => events.push(ev));
  return events;
}

/** The next room event that matches, or a rejection after `timeoutMs`. */
export function nextEvent(socket: ClientSocket, predicate: (ev: RoomEvent) => boolean = () => true, timeoutMs = 5_000): Promise<RoomEvent> {
  return new Promise((resolve, reject) => {
    let found = false;
    const stop = onRoomEvents(socket, (ev) => {
      if (found || !predicate(ev)) return;
      found = true;
      clearTimeout(timer);
      stop();
      resolve(ev);
    });
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no matching room event within ${timeoutMs} ms`));
    }, timeoutMs);
  });
}
