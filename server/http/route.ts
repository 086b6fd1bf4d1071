import type { Request, Response, Router, NextFunction, RequestHandler } from 'express';
import { z, type ZodType } from 'zod';
import type { CaptchaFields } from '@shared/schemas/captcha';
import type { Services } from '@server/core/services';
import type { RateLimitName } from '@server/infra/rate-limits';
import { allOf, appKeyReach, appTokenReach, lockedStaffWrites, rules, type Actor, type Rule } from '@shared/policy';
import type { AppWriteScope } from '@shared/applications';
import { sendReply, type Reply } from './envelope';
import { AppError } from '@server/app-error';
import type { AuthedUser } from '@server/core/authed-user';
import { rateLimit } from './rate-limit';
import { unstorableText, validationMessage } from './validate';
import { safeParseInput } from '@shared/schemas/safe-parse-input';
import { consumeUserLimit } from './user-limit';
import { cacheControlOf, cacheControlValue, type RouteCache } from './cache-control';
import { answeredNotModified } from './not-modified';
import { cachedReply } from './cached-reply';
import { meterAppKey } from './app-quota';
import { carriesAppKey } from './request-token';
import type { Reader } from '@server/db/read-routing';
import { readerOf } from './reader';

type Method = 'get' | 'post' | 'put' | 'delete';

export interface HandlerContext<Q, B, U> {
  req: Request;
  res: Response;
  query: Q;
  body: B;
  user: U;
  services: Services;
  ip: string;
  /**
   * Runs read-only work where reads that may lag go (a replica, `server/db/read-routing.ts`): for
   * answers visitors may get a few seconds old. Writes, and reads a write depends on, use `services.db`.
   */
  read: Reader['read'];
}

type RouteContext<Q, B, A> = HandlerContext<Q, B, A extends 'required' ? AuthedUser : AuthedUser | null>;

/**
 * One API endpoint: its path, schemas and rules in one declaration. The same declaration drives
 * validation, authentication, captcha, rate limiting and the generated OpenAPI document.
 */
export interface RouteSpec<Q = unknown, B = unknown, A extends 'required' | 'optional' | 'none' = 'required' | 'optional' | 'none'> {
  method: Method;
  path: string;
  summary: string;
  tag: string;
  /** Code area used for validation failures: `<area>.bad`. */
  area: string;
  auth: A;
  /** Who may call it (shared/policy.ts), checked right after the token. Every route names one. */
  policy: Rule;
  query?: ZodType<Q>;
  body?: ZodType<B>;
  /** Checked after authentication and validation. `skippable` lets bot/dev accounts send SKIP_CAPTCHA. */
  captcha?: 'required' | 'skippable';
  rateLimit?: RateLimitName;
  /** A per-account limit, taken after validation and captcha, except for accounts `exempt` lets through. */
  userLimit?: { name: RateLimitName; exempt?: (actor: Actor) => boolean };
  /** An app's `external-auth` token may call it although it writes (reporting); reads always may. */
  appToken?: boolean;
  /** The scope an application's key needs to call this write (reads need `read`); absent: keys may not (`appKeyReach`). */
  appScope?: AppWriteScope;
  /** A POST that changes nothing (a listing the original asked for by POST): a banned or frozen staff account may still read it (`lockedStaffWrites`). */
  readsByPost?: true;
  /** How long shared caches may keep a visitor's successful answer (`cache-control.ts`); absent: not at all. */
  cache?: RouteCache;
  /**
   * Keeps the answer in this node's read cache (`cached-reply.ts`) under the key this gives for the
   * request (null: read it each time): a hit is sent without running the handler, and the handler's
   * answer is kept under the rooms it names (`Reply.rooms`, or `keepMs` for an aggregate kept by
   * time alone). For reads (GET) whose answer is the same for everyone who asks the same way: the key
   * holds all that the answer differs by.
   */
  keep?: (ctx: RouteContext<Q, B, A>) => string | null;
  /**
   * The version of the answer the request would get now (an entity tag), found before the answer is
   * read or taken from the read cache: a request that already holds it (`If-None-Match`) is answered
   * 304 at once; a successful answer carries it as `ETag`.
   */
  etag?: (ctx: RouteContext<Q, B, A>) => Promise<string> | string;
  /** Success status and code, for the docs; `bareArray`: a success is a bare JSON array (the original's stream), not the envelope. */
  success: { code: string; status?: number; bareArray?: true };
  errors?: string[];
  handler: (ctx: RouteContext<Q, B, A>) => Promise<Reply> | Reply;
}

/** Keeps the schema's inferred types attached to the handler. */
export function defineRoute<Q = unknown, B = unknown, A extends 'required' | 'optional' | 'none' = 'required'>(
  spec: RouteSpec<Q, B, A>,
): RouteSpec<Q, B, A> {
  return spec;
}

export type AnyRoute = RouteSpec<any, any, any>;

/** `ids[]=1&ids[]=2` (what some clients send) reads as `ids`, like the repeated-key form. */
function normaliseQuery(query: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(query)) {
    const k = key.endsWith('[]') ? key.slice(0, -2) : key;
    out[k] = k in out ? ([] as unknown[]).concat(out[k], v) : key !== k && !Array.isArray(v) ? [v] : v;
  }
  return out;
}

function parse<T>(schema: ZodType<T> | undefined, value: unknown, area: string, location: 'query' | 'body'): T {
  if (location === 'query' && value && typeof value === 'object') value = normaliseQuery(value as Record<string, unknown>);
  const unstorable = unstorableText(value);
  if (unstorable) throw new AppError(`${area}.bad` as never, [{ param: unstorable.path, msg: unstorable.msg, location, code: unstorable.code }], 400);
  if (!schema) return value as T;
  const result = safeParseInput(schema, value ?? {});
  if (!result.success) throw new AppError(`${area}.bad` as never, validationMessage(result.error, value, location), 400);
  return result.data;
}

/** A route whose token reading and policy disagree would let visitors through or refuse everyone: refuse to start. */
function assertConsistent(spec: AnyRoute) {
  const where = `${spec.method.toUpperCase()} ${spec.path}`;
  if (!spec.policy) throw new Error(`${where} declares no policy`);
  const visitorsRefused = spec.policy.check(null) !== null;
  if (spec.auth === 'none' && spec.policy !== rules.anyone) throw new Error(`${where}: auth 'none' reads no token, so its policy must be 'anyone'`);
  if (visitorsRefused && spec.auth !== 'required') throw new Error(`${where}: policy '${spec.policy.name}' needs an account, so auth must be 'required'`);
  if ((spec.keep || spec.etag) && spec.method !== 'get') throw new Error(`${where}: only a read's answer may be kept or carry an ETag`);
}

/** A read: a GET, or a POST an app's token may call that names no write scope (a batch of lookups). */
export const readsOnly = (spec: AnyRoute) => spec.method === 'get' || (!!spec.appToken && !spec.appScope);

/**
 * The route's own policy, behind the rules every route shares: what an app's token and an
 * application's key may reach, and no staff write by a banned or frozen account
 * (`lockedStaffWrites`). A key is read on every route (its application's bot account, also where
 * no token is read otherwise), so its reach applies to every route; an app's token only where the
 * route reads the token.
 */
export const effectivePolicy = (spec: AnyRoute): Rule => {
  const own = lockedStaffWrites(readsOnly(spec) || !!spec.readsByPost, spec.policy);
  return spec.auth === 'none'
    ? allOf(spec.policy.name, appKeyReach(readsOnly(spec), spec.appScope), own)
    : allOf(spec.policy.name, appTokenReach(spec.method, !!spec.appToken), appKeyReach(readsOnly(spec), spec.appScope), own);
};

/** Refuses unless `policy` lets `actor` through: a route's own, or one a part of its body needs (checked by the handler). */
export function enforce(policy: Rule, actor: Actor | null) {
  const refusal = policy.check(actor);
  if (refusal) throw new AppError(refusal.code, refusal.message, refusal.status);
}

/** Who sends a request (null: a visitor); refuses a required token it cannot accept. Given by the app, which knows accounts. */
export type Authenticate = (services: Services, req: Request, required: boolean) => Promise<AuthedUser | null>;

/**
 * Mounts the routes on `router`. JSON answers compress themselves (`envelope.ts`); `compress` (the
 * `compression` middleware) wraps the answers of routes that may send something else (a stream, a
 * file). A route that keeps its answers sends JSON only, so it costs none of that per-request wrapping.
 */
export function mountRoutes(router: Router, routes: AnyRoute[], services: Services, authenticate: Authenticate, compress?: RequestHandler) {
  for (const spec of routes) {
    assertConsistent(spec);
    const chain: Array<(req: Request, res: Response, next: NextFunction) => unknown> = [];
    if (compress && !spec.keep) chain.push(compress);
    if (spec.rateLimit) chain.push(rateLimit(services, spec.rateLimit));
    const policy = effectivePolicy(spec);
    const answer = async (req: Request, res: Response) => {
      // Token first: clients branch on user.tokenExpired before anything else (docs/api-compatibility.md#tokens).
      // An application's key acts as its bot account on every route: one that reads no token reads a key (a refused one answers 401).
      const user = spec.auth !== 'none' ? await authenticate(services, req, spec.auth === 'required') : carriesAppKey(req) ? await authenticate(services, req, true) : null;
      enforce(policy, user?.actor ?? null);
      if (user?.app) await meterAppKey(services, res, user.app, { ...spec, reads: readsOnly(spec) });
      const query = parse(spec.query, req.query, spec.area, 'query');
      const body = parse(spec.body, req.body, spec.area, 'body');
      if (spec.captcha) {
        const skipAllowed = spec.captcha === 'skippable' && !!user && user.canSkipCaptcha;
        await services.captcha.check(req.body as CaptchaFields, { skipAllowed, ip: req.ip });
      }
      if (spec.userLimit && user && !spec.userLimit.exempt?.(user.actor)) await consumeUserLimit(services, spec.userLimit.name, user.id);
      const reader = await readerOf(services, req, user);
      // The address is worked out (through the trusted proxies' X-Forwarded-For) only by a handler that reads it.
      const ctx = { req, res, query, body, user: user as never, services, get ip() { return req.ip ?? ''; }, read: reader.read };
      const tag = spec.etag ? await spec.etag(ctx) : null;
      if (tag !== null && answeredNotModified(req, res, tag)) return;
      // Right after his own write a user's answer is read afresh: one kept meanwhile may come from a replica without it.
      const key = reader.recentWriter ? null : (spec.keep?.(ctx) ?? null);
      const read = () => spec.handler(ctx);
      const reply = key === null ? await read() : await cachedReply(services.readCache, key, spec.success.code, read);
      // Before the answer leaves: the user's next read may already follow his write.
      if (spec.method !== 'get' && user && services.reads.enabled) await services.reads.noteWrite(user.id);
      if (res.headersSent) return;
      if (tag !== null) res.setHeader('ETag', tag);
      if (reply.cache !== undefined) res.setHeader('Cache-Control', cacheControlValue(spec, req, reply.cache));
      sendReply(res, { status: spec.success.status, ...reply });
    };
    chain.push(answer);
    router[spec.method](spec.path, cacheControlOf(spec), ...chain);
  }
}
