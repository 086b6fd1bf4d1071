import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RedisClient } from './redis';
import { LIMITS } from '@shared/limits';
import { BoundedMemoryLimiter } from './bounded-rate-limiter';

/** Named limits: points per window (seconds). Shared in Redis when it is configured. */
export const RATE_LIMITS = {
  captcha: { points: 5, duration: 1 },
  signin: { points: 10, duration: 60 },
  /** Per account: failed sign-ins, from whatever addresses they come (counted by failedAttempts). */
  signinAccount: { points: 10, duration: 900 },
  /** Per account: wrong old passwords in a password change. */
  changePassword: { points: 5, duration: 900 },
  signup: { points: 5, duration: 600 },
  forgetPassword: { points: 5, duration: 600 },
  bindOrigin: { points: 5, duration: 600 },
  /** Per address: every route that takes a mailed code shares this bucket, so guesses spread over them count together. */
  codes: { points: LIMITS.codeTriesPerAddress, duration: LIMITS.codeTriesWindowS },
  /** Per account: wrong mailed codes tried while signed in (counted by failedAttempts). */
  codeAccount: { points: LIMITS.codeFailuresPerAccount, duration: LIMITS.codeFailuresWindowS },
  statistics: { points: 5, duration: 10 },
  search: { points: 5, duration: 1 },
  viewed: { points: 20, duration: 10 },
  batch: { points: 600, duration: 60 },
  /** Per address: ban-list feed polls (one a second, and the follow-ups of a backlog). */
  feed: { points: 120, duration: 60 },
  /** Per address: full exports of the ban list (a tool seeds its cache once, then polls). */
  feedExport: { points: 10, duration: 600 },
  /** Per address: downloads of the open-data dump's files (a few a day is all anyone needs). */
  dumpFiles: { points: 30, duration: 3600 },
  /** Per address: realtime room joins, every socket and node together. */
  roomJoins: { points: LIMITS.roomJoinsPerAddress, duration: LIMITS.addressJoinWindowS },
  /** Per address: events replayed to its sockets on their joins, a point each. */
  replayedEvents: { points: LIMITS.replayedEventsPerAddress, duration: LIMITS.addressJoinWindowS },
  /** Per user: replies, case updates, appeals (staff and bots are exempt). */
  comments: { points: 20, duration: 600 },
  /** Per user: uploaded files (staff and bots are exempt). */
  uploads: { points: 30, duration: 3600 },
  /** Per user: advanced (platform) searches (staff are exempt). */
  advanceSearch: { points: 1, duration: 15 },
  /** Per user: chat messages (staff are exempt). */
  messages: { points: 20, duration: 60 },
  /** Per application key: every request it makes (docs/applications.md#quotas). */
  appKeyRequests: { points: LIMITS.appKeyRequestsPerMinute, duration: 60 },
  /** Per application key: writes per day, by the scope the route declares. */
  appKeyReportWrites: { points: LIMITS.appKeyWritesPerDay.report, duration: 86_400 },
  appKeyReplyWrites: { points: LIMITS.appKeyWritesPerDay.reply, duration: 86_400 },
  appKeyAppealWrites: { points: LIMITS.appKeyWritesPerDay.appeal, duration: 86_400 },
  appKeyJudgeWrites: { points: LIMITS.appKeyWritesPerDay.judge, duration: 86_400 },
  appKeyWebhooksWrites: { points: LIMITS.appKeyWritesPerDay.webhooks, duration: 86_400 },
} as const;
export type RateLimitName = keyof typeof RATE_LIMITS;

/** The limits keyed by account or by key we issued, whose counts must not be forgotten while their window runs (the rest are keyed by address or user). */
const ACCOUNT_LIMITS: ReadonlySet<RateLimitName> = new Set([
  'signinAccount',
  'changePassword',
  'codeAccount',
  'appKeyRequests',
  'appKeyReportWrites',
  'appKeyReplyWrites',
  'appKeyAppealWrites',
  'appKeyJudgeWrites',
  'appKeyWebhooksWrites',
]);

export type RateLimiter = Pick<RateLimiterAbstract, 'consume' | 'penalty' | 'get' | 'delete'>;
export type RateLimiters = Record<RateLimitName, RateLimiter>;

/** A limit counted in this process: bounded (`BoundedMemoryLimiter`) but for the account limits. */
function memoryLimiter(name: RateLimitName, keyPrefix: string, opts: { points: number; duration: number }) {
  return ACCOUNT_LIMITS.has(name) ? new RateLimiterMemory({ keyPrefix, ...opts }) : new BoundedMemoryLimiter({ keyPrefix, ...opts, maxKeys: LIMITS.rateLimitKeysMax });
}

export function createRateLimiters(redis: RedisClient | undefined, prefix: string): RateLimiters {
  const entries = (Object.entries(RATE_LIMITS) as Array<[RateLimitName, (typeof RATE_LIMITS)[RateLimitName]]>).map(([name, opts]) => {
    // While Redis is away each node counts in its own memory (the insurance limiter) rather than
    // refusing every request: limits stay in force, only no longer shared between nodes.
    const limiter = redis
      ? new RateLimiterRedis({ storeClient: redis, keyPrefix: `${prefix}rl:${name}`, insuranceLimiter: memoryLimiter(name, `insurance:${name}`, opts), ...opts })
      : memoryLimiter(name, name, opts);
    return [name, limiter];
  });
  return Object.fromEntries(entries) as RateLimiters;
}
