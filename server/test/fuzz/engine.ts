import fc from 'fast-check';
import pino from 'pino';
import type { Services } from '@server/core/services';
import { effectivePolicy, type AnyRoute } from '@server/http/route';
import type { DirectoryAccount } from '@server/platform/types';
import { createActors, ROLE_NAMES, type Actors, type RoleName } from './actors';
import { routeCaseArb, type HttpCase } from './http-cases';
import { judge, sendCase } from './send';

/** A running server to fuzz, and what the fuzzer needs of it. */
export interface FuzzTarget {
  url: string;
  services: Services;
  /** The token-signing secret (to craft odd tokens). */
  secret: string;
  freshAccount(): DirectoryAccount;
  /** Lines the server logged at level error or above. */
  errorLogs: LogLine[];
}

export interface LogLine {
  level: number;
  msg?: string;
  err?: { message?: string; stack?: string };
  [key: string]: unknown;
}

/** A real pino logger that keeps what is logged at error level or above (the server's own log calls, unchanged). */
export function capturingLogger(): { log: pino.Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const log = pino({ level: 'error' }, { write: (s: string) => void lines.push(JSON.parse(s) as LogLine) });
  return { log, lines };
}

export interface Failure {
  route: string;
  seed: number;
  /** fast-check's path to the (shrunk) counterexample: with the seed, it replays exactly this case. */
  path: string | undefined;
  problem: string;
  case: HttpCase;
}

export interface RouteReport {
  route: string;
  cases: number;
  failure: Failure | null;
}

export interface FuzzStats {
  cases: number;
  byStatus: Map<number, number>;
  byKind: Map<string, number>;
  /** Per route: answers by status. */
  byRoute: Map<string, Map<number, number>>;
}

export const newStats = (): FuzzStats => ({ cases: 0, byStatus: new Map(), byKind: new Map(), byRoute: new Map() });

const bump = (m: Map<string | number, number>, k: string | number) => m.set(k, (m.get(k) ?? 0) + 1);

/** `METHOD /api/path`: how routes are named in reports. */
export const routeName = (r: AnyRoute) => `${r.method.toUpperCase()} /api${r.path}`;

/** The seed of one route in a run: each route draws its own sequence, reproducible from the run's seed. */
export function routeSeed(seed: number, route: AnyRoute): number {
  let h = seed | 0;
  for (const ch of routeName(route)) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
}

/** The roles whose token passes the route's policy (the visitor too when it is open). */
export function allowedRoles(route: AnyRoute, actors: Actors): RoleName[] {
  const policy = effectivePolicy(route);
  return ROLE_NAMES.filter((role) => policy.check(actors.actorOf(role)) === null);
}

/** Cases, replies and a message, made through the API, so generated ids find rows and services go past "not found". */
export interface Fixtures {
  cases: Array<{ dbId: number; account: DirectoryAccount }>;
}

export async function seedFixtures(target: FuzzTarget, actors: Actors): Promise<Fixtures> {
  const fixtures: Fixtures = { cases: [] };
  const post = async (path: string, role: RoleName, body: unknown) => {
    const res = await fetch(new URL(`/api${path}`, target.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-access-token': actors.tokenOf(role) ?? '' },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { code?: string; data?: { dbId?: number } };
  };
  const games = ['bf1', 'bfv', 'bf4'];
  for (const game of games) {
    const account = target.freshAccount();
    const r = await post('/player/report', 'bot', {
      data: { game, originName: account.name, cheatMethods: ['wallhack', 'aimbot'], videoLink: 'https://www.youtube.com/watch?v=fuzz', description: '<p>seen through walls</p>' },
      SKIP_CAPTCHA: true,
    });
    const dbId = r.data?.dbId;
    if (!dbId) throw new Error(`the fixture report was refused: ${JSON.stringify(r)}`);
    fixtures.cases.push({ dbId, account });
    await post('/player/reply', 'bot', { data: { toPlayerId: dbId, content: '<p>a reply</p>' }, SKIP_CAPTCHA: true });
    await post('/user/subscribes/add', 'normal', { playerIds: [dbId] });
  }
  await post('/message', 'admin', { data: { toUserId: actors.idOf('normal'), type: 'direct', content: 'hello' } });
  return fixtures;
}

export interface RunOptions {
  seed: number;
  /** Cases per route. */
  runs: number;
  /** Called after each route. */
  onRoute?: (report: RouteReport) => void;
  stats?: FuzzStats;
  /** Skip shrinking (faster when failures are expected). */
  endOnFailure?: boolean;
}

/** Fuzzes one route: `runs` generated cases from `seed`; the first failing case (shrunk), if any. */
export async function fuzzRoute(target: FuzzTarget, actors: Actors, route: AnyRoute, opts: RunOptions): Promise<RouteReport> {
  await actors.restore();
  const arb = routeCaseArb(route, { allowed: allowedRoles(route, actors), all: ROLE_NAMES });
  const stats = opts.stats ?? newStats();
  const name = routeName(route);
  let cases = 0;
  const result = await fc.check(
    fc.asyncProperty(arb, async (c) => {
      cases += 1;
      stats.cases += 1;
      bump(stats.byKind, c.kind);
      const answer = await sendCase(target.url, c, actors, target.secret);
      bump(stats.byStatus, answer?.status ?? -2);
      if (!stats.byRoute.has(name)) stats.byRoute.set(name, new Map());
      bump(stats.byRoute.get(name)!, answer?.status ?? -2);
      const problem = judge(c, answer);
      if (problem) throw new Error(problem);
    }),
    { seed: routeSeed(opts.seed, route), numRuns: opts.runs, endOnFailure: opts.endOnFailure ?? false },
  );
  const report: RouteReport = {
    route: routeName(route),
    cases,
    failure: result.failed
      ? { route: routeName(route), seed: result.seed, path: result.counterexamplePath ?? undefined, problem: problemOf(result), case: result.counterexample?.[0] as HttpCase }
      : null,
  };
  opts.onRoute?.(report);
  return report;
}

function problemOf(result: fc.RunDetails<[HttpCase]>): string {
  const e = result.errorInstance;
  return e instanceof Error ? e.message : String(e ?? 'failed');
}

/** Re-runs one recorded failure (seed + path) and says what is wrong with it now (null: fixed). */
export async function replay(target: FuzzTarget, actors: Actors, route: AnyRoute, seed: number, path: string): Promise<string | null> {
  await actors.restore();
  const arb = routeCaseArb(route, { allowed: allowedRoles(route, actors), all: ROLE_NAMES });
  let problem: string | null = null;
  await fc.check(
    fc.asyncProperty(arb, async (c) => {
      problem = judge(c, await sendCase(target.url, c, actors, target.secret));
      return problem === null;
    }),
    { seed, path, numRuns: 1, endOnFailure: true },
  );
  return problem;
}

export { createActors, type Actors };
