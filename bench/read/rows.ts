/**
 * The read bench's rows: the baselines, then what people's clients ask of the site. Uniform rows
 * pick any case (mostly the database path); hot-set rows pick among 1,000 cases or 300 queries (what
 * a live site mostly serves: the read cache). Every request comes from an address of its own (a
 * page load's requests from one): the per-address limits are for people, not for this load.
 */
import crypto from 'node:crypto';
import type { Request } from 'autocannon';
import { benchUserName } from '../dataset';
import type { LabelledRequest } from './load';
import { TARGETS, type Target } from './targets';

export type ServerName = 'bare' | 'express' | 'case' | 'app';

export interface Row {
  name: string;
  server: ServerName;
  requests: LabelledRequest[];
  /** The labels the row's figures count (the reads of the write mix); all when absent. */
  counted?: string[];
  target?: Target;
}

export interface RowContext {
  cases: number;
  users: number;
  /** Tokens of the bench's bots and members (bench/read/accounts.ts). */
  bots: string[];
  members: string[];
  /** No separate database process (PGlite inside the server): no unbatched case-read baseline. */
  embedded: boolean;
}

const pick = (n: number) => 1 + Math.floor(Math.random() * n);
const oneOf = <T>(items: readonly T[]) => items[pick(items.length) - 1]!;
const address = () => `10.${pick(250)}.${pick(250)}.${pick(250)}`;
const persona = (n: number) => 3000000000 + n;

/** What a browser sends with every fetch of the web client (client/api/client.ts adds the Accept). */
const BROWSER = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br, zstd', 'accept-language': 'en-US,en;q=0.9' };

/** A GET of one path per request. */
function get(label: string, path: () => string, headers: () => Record<string, string> = () => ({})): LabelledRequest {
  return { label, method: 'GET', setupRequest: (req) => ({ ...req, method: 'GET', path: path(), headers: { ...req.headers, 'x-forwarded-for': address(), ...headers() } }) };
}

interface PageContext {
  n: number;
  ip: string;
}

/**
 * The case page as the web client loads it for a visitor (client/pages/player/PlayerPage.tsx, CaseView.tsx,
 * timeline/useTimeline.ts): the case with its names, read past the browser's cache; then the view
 * count and the timeline's first page (20 entries, oldest first, every type). The room's socket join,
 * which the timeline waits for, is not part of it. One connection loads one page after the other.
 */
function casePage(choose: () => number): LabelledRequest[] {
  const ctx = (c: object) => c as PageContext;
  const step = (label: string, build: (c: PageContext, req: Request) => Request): LabelledRequest => ({ label, setupRequest: (req, c) => build(ctx(c), req) });
  return [
    step('case with its names', (c, req) => {
      c.n = choose();
      c.ip = address();
      return { ...req, method: 'GET', path: `/api/player?personaId=${persona(c.n)}&history=true`, headers: { ...req.headers, ...BROWSER, 'cache-control': 'no-cache', 'x-forwarded-for': c.ip } };
    }),
    step('view count', (c, req) => ({
      ...req,
      method: 'POST',
      path: '/api/player/viewed',
      headers: { ...req.headers, ...BROWSER, 'content-type': 'application/json', 'x-forwarded-for': c.ip },
      body: JSON.stringify({ data: { id: c.n } }),
    })),
    step('timeline, first page', (c, req) => ({ ...req, method: 'GET', path: `/api/player/timeline?dbId=${c.n}&skip=0&limit=20&order=asc`, headers: { ...req.headers, ...BROWSER, 'x-forwarded-for': c.ip } })),
  ];
}

/** A bot's reply on a case: a text unlike its previous ones (the duplicate check refuses 96 % alike). */
function reply(req: Request, toPlayerId: number, bots: string[]): Request {
  return {
    ...req,
    method: 'POST',
    path: '/api/player/reply',
    headers: { ...req.headers, 'content-type': 'application/json', 'x-access-token': oneOf(bots), 'x-forwarded-for': address() },
    body: JSON.stringify({
      data: { toPlayerId, content: `<p>Seen again on server ${crypto.randomBytes(6).toString('hex')} tonight, ${crypto.randomBytes(4).toString('hex')} kills in a round.</p>` },
      SKIP_CAPTCHA: true,
    }),
  };
}

const MIX_LABELS = { case: 'read: case', timeline: 'read: timeline page', reply: 'reply' };

/** Each request a reply by a bot with probability `writes`, else a visitor's read of the case or of its timeline's first page. */
function mix(choose: () => number, bots: string[], writes: number): LabelledRequest {
  return {
    label: (line) => (line.startsWith('POST') ? MIX_LABELS.reply : line.includes('/timeline') ? MIX_LABELS.timeline : MIX_LABELS.case),
    setupRequest: (req) => {
      if (Math.random() < writes) return reply(req, choose(), bots);
      const path = Math.random() < 0.5 ? `/api/player?personaId=${persona(choose())}` : `/api/player/timeline?dbId=${choose()}&limit=20`;
      return { ...req, method: 'GET', path, headers: { ...req.headers, 'x-forwarded-for': address() } };
    },
  };
}

export const HOT_CASES = 1000;
const SORTS = ['createTime', 'updateTime', 'viewNum', 'commentsNum'] as const;
const PLAYER_PREFIXES = ['sniper_', 'ghost_', 'wallhack_'];

/** A part of a user's name as people type it: its start, from a word to the whole name. */
function userQuery(i: number, length: number) {
  const name = benchUserName(i);
  return name.slice(0, Math.min(name.length, 6 + (length % (name.length - 5))));
}

export function readRows({ cases, users, bots, members, embedded }: RowContext): Row[] {
  const any = () => pick(cases);
  const hot = () => pick(Math.min(HOT_CASES, cases));
  const member = () => ({ 'x-access-token': oneOf(members) });
  const hotUserQueries = Array.from({ length: 300 }, (_, i) => userQuery(1 + ((i * 7919) % users), i));
  const rows: Array<Row | false> = [
    { name: 'baseline: node:http hello-world', server: 'bare', requests: [get('hello', () => '/')] },
    { name: 'baseline: Express hello-world', server: 'express', requests: [get('hello', () => '/')] },
    // In embedded mode the database lives in the app's own process: there is no separate select to compare with.
    !embedded && { name: 'baseline: case read, unbatched (node:http + pg pool)', server: 'case', requests: [get('case', () => `/?personaId=${persona(any())}`)] },
    { name: 'case read, any case', server: 'app', requests: [get('case', () => `/api/player?personaId=${persona(any())}`)], target: TARGETS.anyCase },
    { name: 'case read, hot set', server: 'app', requests: [get('case', () => `/api/player?personaId=${persona(hot())}`)], target: TARGETS.popularCase },
    { name: 'case read, hot set, Accept-Encoding: br, gzip', server: 'app', requests: [get('case', () => `/api/player?personaId=${persona(hot())}`, () => ({ 'accept-encoding': 'br, gzip' }))], target: TARGETS.popularCase },
    { name: 'case page as the web client asks, hot set', server: 'app', requests: casePage(hot), target: TARGETS.casePage },
    { name: 'case page as the web client asks, any case', server: 'app', requests: casePage(any), target: TARGETS.casePage },
    { name: 'case list, first pages (status, by update time)', server: 'app', requests: [get('list', () => `/api/players?status=${pick(11) - 2}&sortBy=updateTime&skip=${(pick(5) - 1) * 20}&limit=20`)] },
    { name: 'case list, game filter', server: 'app', requests: [get('list', () => `/api/players?game=bfv&sortBy=createTime&limit=20`)] },
    {
      name: 'case list, deep pages (skip ≤ 2,000, any status, sort, order)',
      server: 'app',
      requests: [get('list', () => `/api/players?game=all&status=${pick(11) - 2}&sortBy=${oneOf(SORTS)}&skip=${(pick(101) - 1) * 20}&limit=20&order=${oneOf(['asc', 'desc'])}`)],
      target: TARGETS.deepList,
    },
    { name: 'timeline page, visitor', server: 'app', requests: [get('timeline', () => `/api/player/timeline?dbId=${any()}&limit=20`)] },
    { name: 'timeline page, visitor, hot set', server: 'app', requests: [get('timeline', () => `/api/player/timeline?dbId=${hot()}&limit=20`)] },
    {
      name: 'timeline page, visitor, hot set, Accept-Encoding: br, gzip',
      server: 'app',
      requests: [get('timeline', () => `/api/player/timeline?dbId=${hot()}&limit=20`, () => ({ 'accept-encoding': 'br, gzip' }))],
    },
    { name: 'timeline page, signed-in member', server: 'app', requests: [get('timeline', () => `/api/player/timeline?dbId=${any()}&limit=20`, member)] },
    { name: 'timeline page, signed-in member, hot set', server: 'app', requests: [get('timeline', () => `/api/player/timeline?dbId=${hot()}&limit=20`, member)] },
    { name: 'timeline page (report+reply)', server: 'app', requests: [get('timeline', () => `/api/player/timeline?dbId=${any()}&limit=20&subject=report,reply`)] },
    { name: 'timeline entry position', server: 'app', requests: [get('position', () => `/api/player/timeline/position?id=${pick(cases * 5)}&limit=20&order=desc`)] },
    {
      name: 'player search (selective)',
      server: 'app',
      requests: [get('search', () => `/api/search?type=player&param=${oneOf(PLAYER_PREFIXES)}${Math.random().toString(16).slice(2, 6)}`)],
      target: TARGETS.search,
    },
    // A live box asks the prefixes people type; many type the same few names.
    {
      name: 'player search (hot set: 300 queries)',
      server: 'app',
      requests: [get('search', () => `/api/search?type=player&param=${oneOf(PLAYER_PREFIXES)}${(pick(100) * 7919).toString(16).slice(0, 3)}`)],
      target: TARGETS.search,
    },
    {
      name: 'user search (part of a name: a word to all of it)',
      server: 'app',
      requests: [get('search', () => `/api/search?type=user&param=${userQuery(pick(users), pick(40))}&sort=default&skip=0&limit=20`)],
      target: TARGETS.search,
    },
    { name: 'user search (hot set: 300 queries)', server: 'app', requests: [get('search', () => `/api/search?type=user&param=${oneOf(hotUserQueries)}&sort=default&skip=0&limit=20`)], target: TARGETS.search },
    { name: 'statistics', server: 'app', requests: [get('statistics', () => '/api/statistics?reports=1&players=1&confirmed=1&registers=1')] },
    { name: 'activities', server: 'app', requests: [get('activities', () => '/api/activities?limit=50')] },
    // Last: its replies change the hot cases the other rows read.
    {
      name: 'hot set: 95 % reads (case, timeline) with 5 % bot replies: the reads',
      server: 'app',
      requests: [mix(hot, bots, 0.05)],
      counted: [MIX_LABELS.case, MIX_LABELS.timeline],
      target: TARGETS.writeMix,
    },
  ];
  return rows.filter((r): r is Row => !!r);
}
