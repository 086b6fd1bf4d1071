import crypto from 'node:crypto';
import { expect } from 'vitest';
import { nameKey } from '@shared/names';
import { nameHistory, players, timeline, users, type PlayerRow, type TimelineRow, type UserAttr, type UserRow } from '@server/db/schema';
import type { TestApp } from '@server/test/harness';
import { roomOf } from '@shared/socket';
import { asWord, quadgrams } from '../modules/search/name-grams';

/**
 * Test data for the search and statistics tests: cases through the real report API, and bulk rows
 * written directly (for paging, sorting and counting over many cases).
 */

/** Letters that no look-alike folding touches (no l, j, q, digits; no `rn`/`vv` pairs). */
const PLAIN = 'abcdefghkmnpstuwxyz';
/** A random lower-case word that is its own name key: a marker no other test data contains. */
export function plainWord(length = 8): string {
  let out = '';
  for (const b of crypto.randomBytes(length)) out += PLAIN[b % PLAIN.length];
  return out;
}

/**
 * 4-gram statistics that give `word` this share of the names, so a search of it takes the path of a
 * broad pattern (0.125: read down an order), a fairly common one (0.01) or, with an empty map, a rare one.
 */
export const sharing = (share: number) => (word: string) => new Map(quadgrams(asWord(word)).map((g) => [g, share]));

let seq = 0;
const digits = () => `${Date.now() % 1e12}${String((seq += 1)).padStart(5, '0')}`;

/** A signed-in bot (bots may report without a bound account and skip the captcha). */
export async function botToken(app: TestApp): Promise<string> {
  return (await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true })).token;
}

/** POST /api/player/report for a directory account name; returns the case id. */
export async function reportName(app: TestApp, token: string, originName: string, data: Record<string, unknown> = {}): Promise<number> {
  const res = await app.request
    .post('/api/player/report')
    .set('x-access-token', token)
    .send({
      data: {
        game: 'bf1',
        originName,
        cheatMethods: ['aimbot'],
        videoLink: 'https://www.youtube.com/watch?v=x',
        description: `<p>evidence ${plainWord(12)}</p>`,
        ...data,
      },
      SKIP_CAPTCHA: true,
    });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.dbId as number;
}

export interface CaseInput {
  name?: string;
  /** Earlier names, each added to the name history. */
  history?: string[];
  status?: number;
  games?: string[];
  viewNum?: number;
  commentsNum?: number;
  createTime?: Date;
  valid?: boolean;
  avatarLink?: string | null;
}

/** What the product's events would tell the read cache about a write made directly here. */
const announce = (app: TestApp, rooms: string[]) => app.services.readCache.evict(rooms);

/** A case row with its name history, written directly (the triggers keep the counters). */
export async function insertCase(app: TestApp, o: CaseInput = {}): Promise<PlayerRow> {
  const db = app.services.db;
  const at = o.createTime ?? new Date();
  const [row] = await db
    .insert(players)
    .values({
      originUserId: digits(),
      originPersonaId: digits(),
      originName: o.name ?? `case_${plainWord()}`,
      avatarLink: o.avatarLink ?? null,
      games: o.games ?? ['bf1'],
      status: o.status ?? 0,
      viewNum: o.viewNum ?? 0,
      commentsNum: o.commentsNum ?? 0,
      valid: o.valid ?? true,
      createTime: at,
      updateTime: at,
      statusTime: at,
    })
    .returning();
  const names = [...(o.history ?? []), row!.originName];
  await db.insert(nameHistory).values(names.map((n) => ({ playerId: row!.id, originName: n, nameKey: nameKey(n), fromTime: at, toTime: at })));
  announce(app, [roomOf.case(row!.id), roomOf.all]);
  return row!;
}

/** One visible bf1 case per name, each name its only history: two statements, however many names. */
export async function insertCasesNamed(app: TestApp, names: string[]): Promise<void> {
  const db = app.services.db;
  const at = new Date();
  const rows = await db
    .insert(players)
    .values(names.map((originName) => ({ originUserId: digits(), originPersonaId: digits(), originName, games: ['bf1'], createTime: at, updateTime: at, statusTime: at })))
    .returning({ id: players.id, originName: players.originName });
  await db.insert(nameHistory).values(rows.map((r) => ({ playerId: r.id, originName: r.originName, nameKey: nameKey(r.originName), fromTime: at, toTime: at })));
  announce(app, ['case:*']);
}

export interface EntryInput {
  type?: TimelineRow['type'];
  content?: string;
  byUserId?: number | null;
  valid?: boolean;
  createTime?: Date;
  cheatGame?: string | null;
  judgeAction?: string | null;
  appealStatus?: string | null;
  extra?: Record<string, unknown> | null;
  viewedAdmins?: number[] | null;
}

const entryValues = (c: PlayerRow, o: EntryInput) => ({
  type: o.type ?? 'reply',
  playerId: c.id,
  toOriginUserId: c.originUserId,
  toOriginPersonaId: c.originPersonaId,
  toOriginName: c.originName,
  byUserId: o.byUserId ?? null,
  content: o.content ?? `<p>${plainWord()}</p>`,
  valid: o.valid ?? true,
  createTime: o.createTime ?? new Date(),
  cheatGame: o.cheatGame ?? null,
  judgeAction: o.judgeAction ?? null,
  appealStatus: o.appealStatus ?? null,
  extra: o.extra ?? null,
  viewedAdmins: o.viewedAdmins ?? null,
});

/** A timeline entry on a case, written directly. */
export async function insertEntry(app: TestApp, c: PlayerRow, o: EntryInput = {}): Promise<TimelineRow> {
  const [row] = await app.services.db.insert(timeline).values(entryValues(c, o)).returning();
  announce(app, [roomOf.case(c.id)]);
  return row!;
}

/** `count` alike entries on a case in one statement. */
export async function insertEntries(app: TestApp, c: PlayerRow, count: number, o: EntryInput = {}): Promise<void> {
  await app.services.db.insert(timeline).values(Array.from({ length: count }, () => entryValues(c, o)));
  announce(app, [roomOf.case(c.id)]);
}

export interface UserInput {
  username?: string;
  privileges?: string[];
  valid?: boolean;
  createTime?: Date;
  attr?: UserAttr;
  originName?: string | null;
  originUserId?: string | null;
}

/** A user row written directly (for registration times in the past); it cannot sign in. */
export async function insertUser(app: TestApp, o: UserInput = {}): Promise<UserRow> {
  const [row] = await app.services.db
    .insert(users)
    .values({
      username: o.username ?? `member-${plainWord()}`,
      passwordHash: 'not-a-hash',
      privileges: o.privileges ?? ['normal'],
      valid: o.valid ?? true,
      attr: o.attr ?? {},
      originName: o.originName ?? null,
      originUserId: o.originUserId ?? null,
      ...(o.createTime ? { createTime: o.createTime, updateTime: o.createTime } : {}),
    })
    .returning();
  announce(app, [roomOf.user(row!.id), roomOf.all]);
  return row!;
}
