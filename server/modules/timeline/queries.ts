import { and, asc, desc, eq, getTableColumns, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TimelineEntry } from '@shared/types/cases';
import type { TimelineSubject } from '@shared/timeline';
import type { CaseKey } from '@shared/schemas/cases';
import { players, timeline, users, type TimelineRow } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';
import { prepared, preparedByKey } from '@server/db/prepared';
import { withGenericPlans } from '@server/db/generic-plans';
import { coalescedByKey, SHARED_STATEMENTS } from '@server/db/coalesce';
import { askColumn } from '@server/db/ask-column';
import { caseRoomLastSeqSql, KEY_COLUMNS, keyOf, type KeyColumn } from '@server/modules/cases/queries';
import { presentEntry, presentQuote, type Author, type PresentOptions } from './presenter';

/** The author's achievements (id -> acquired epoch ms) for the badge strip, unless they hide them (`showAchievement`). */
const authorAchievements = (u: typeof users) =>
  sql<Record<string, number> | null>`(select jsonb_object_agg(ua.achievement_id, (extract(epoch from ua.acquired_time) * 1000)::bigint) from user_achievements ua where ua.user_id = ${u.id} and coalesce(${u.attr}->>'showAchievement', 'true') <> 'false')`;
/** One author's badges as their entries show them (`authorAchievements`), as a subquery: a writer reads them with its checks. */
export const authorBadgesSql = (userId: number) => sql<Record<string, number> | null>`select ${authorAchievements(users)} from ${users} where ${users.id} = ${userId}`;
const authorColumns = (u: typeof users) => ({ id: u.id, username: u.username, privileges: u.privileges, originEmail: u.originEmail, attr: u.attr, achievements: authorAchievements(u) });

async function authorsOf(db: DbOrTx, ids: Array<number | null>): Promise<Map<number, Author>> {
  const wanted = [...new Set(ids.filter((i): i is number => i !== null))];
  if (!wanted.length) return new Map();
  const rows = await db.select(authorColumns(users)).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Presents rows with their authors and quotes in two extra queries, whatever the page size. */
export async function presentEntries(db: DbOrTx, rows: TimelineRow[], opts: PresentOptions = {}): Promise<TimelineEntry[]> {
  const quoteIds = [...new Set(rows.map((r) => r.quoteId).filter((i): i is number => i !== null))];
  const quotes = quoteIds.length ? await db.select().from(timeline).where(inArray(timeline.id, quoteIds)) : [];
  const authors = await authorsOf(db, [...rows.map((r) => r.byUserId), ...quotes.map((q) => q.byUserId)]);
  const quoteById = new Map(quotes.map((q) => [q.id, presentQuote(q, q.byUserId ? authors.get(q.byUserId) ?? null : null)]));
  return rows.map((r) =>
    presentEntry(r, r.byUserId ? authors.get(r.byUserId) ?? null : null, r.quoteId ? quoteById.get(r.quoteId) ?? null : null, opts),
  );
}

export interface TimelinePageQuery {
  skip: number;
  limit: number;
  order: 'asc' | 'desc';
  /** Entry types to list; absent or empty = every type. */
  subject?: readonly TimelineSubject[];
  includeHidden: boolean;
}

/**
 * Which entries of case `playerId` a listing shows. `valid` is written as a plain boolean column
 * (no parameter) and the types as one array parameter, so a prepared statement serves every call
 * of one shape. Both are checked inside `timeline_player_idx` (player, id, type, valid): counts
 * and positions are read from the index alone.
 */
function listedEntries(t: { playerId: AnyColumn; valid: AnyColumn; type: AnyColumn }, playerId: SQL | AnyColumn, includeHidden: boolean, typed: boolean): SQL {
  const conds: SQL[] = [sql`${t.playerId} = ${playerId}`];
  if (!includeHidden) conds.push(sql`${t.valid}`);
  if (typed) conds.push(sql`${t.type} = any(${sql.placeholder('subjects')}::text[])`);
  return and(...conds)!;
}

type Shape = `${'asc' | 'desc'}:${'all' | 'visible'}:${'typed' | 'any'}`;
const shapeOf = (q: Pick<TimelinePageQuery, 'order' | 'includeHidden' | 'subject'>): Shape =>
  `${q.order}:${q.includeHidden ? 'all' : 'visible'}:${q.subject?.length ? 'typed' : 'any'}`;
const subjectsOf = (q: Pick<TimelinePageQuery, 'subject'>) => (q.subject?.length ? { subjects: [...q.subject] } : {});

const quoted = alias(timeline, 'quoted');
const quoteAuthor = alias(users, 'quote_author');
/** The entries of the page, read inside the statement for the case it found. */
const paged = alias(timeline, 'paged');

/**
 * One statement for the pages of one shape asked together (`asks`, `pagesReader`), each row tagged
 * with its ask's `slot`. For each ask: the case by its key, the listing's exact total and the case
 * room's last sequence (computed once, on the case's row), then the page's entries with their
 * authors, quoted entries and the quotes' authors. All from one snapshot, so every event up to that
 * sequence is already on the page (anything later arrives live or by replay). No row for an ask: no
 * such case; one row without an entry: an empty page.
 * A page of all types keeps one generic plan (`withGenericPlans`): it is the plan PostgreSQL makes
 * with the values, node for node, at 100,000 and 1,000,000 cases, which it otherwise made again at
 * every page (a quarter of a millisecond, as long as running it). Filtered by type it is planned
 * with its values: the types' index and a sort, where the generic plan walks all the case's entries.
 */
const pagesQuery = preparedByKey(pageStatement);

/** The asks a batch statement reads: one row per ask, with its key, limit, skip and (1-based) slot. */
const asksSql = (column: KeyColumn) =>
  sql`unnest(${sql.placeholder('keys')}::${sql.raw(column === 'dbId' ? 'int' : 'text')}[], ${sql.placeholder('limits')}::bigint[], ${sql.placeholder('skips')}::bigint[]) with ordinality as asks(key, lim, off, slot)`;

function pageStatement(main: DbOrTx, key: `${KeyColumn}:${Shape}`) {
  const [column, order, hidden, typed] = key.split(':') as [KeyColumn, 'asc' | 'desc', string, string];
  const db = typed === 'typed' ? main : withGenericPlans(main);
  const theCase = db
    .select({
      id: players.id,
      total: sql<number>`(select count(*)::int from ${timeline} where ${listedEntries(timeline, players.id, hidden === 'all', typed === 'typed')})`.as('total'),
      lastSeq: caseRoomLastSeqSql(players.id).as('last_seq'),
    })
    .from(players)
    .where(and(sql`${KEY_COLUMNS[column]} = asks.key`, sql`${players.valid}`))
    .limit(1)
    .as('the_case');
  const byId = order === 'asc' ? asc(paged.id) : desc(paged.id);
  const entries = db
    .select()
    .from(paged)
    .where(listedEntries(paged, theCase.id, hidden === 'all', typed === 'typed'))
    .orderBy(byId)
    .limit(askColumn('lim'))
    .offset(askColumn('off'))
    .as('entries');
  const entryFields = Object.fromEntries(Object.keys(getTableColumns(timeline)).map((k) => [k, entries[k as keyof typeof entries]])) as unknown as ReturnType<typeof getTableColumns<typeof timeline>>;
  const fields = {
    caseId: theCase.id,
    total: theCase.total,
    lastSeq: theCase.lastSeq,
    entry: entryFields,
    author: authorColumns(users),
    quote: quoted,
    quoteAuthor: { id: quoteAuthor.id, username: quoteAuthor.username, privileges: quoteAuthor.privileges, originEmail: quoteAuthor.originEmail, attr: quoteAuthor.attr },
  };
  const entryOrder = order === 'asc' ? asc(entries.id) : desc(entries.id);
  return db
    .select({ slot: sql<number>`asks.slot`.mapWith(Number), ...fields })
    .from(asksSql(column))
    .innerJoinLateral(theCase, sql`true`)
    .leftJoinLateral(entries, sql`true`)
    .leftJoin(users, eq(users.id, entries.byUserId))
    .leftJoin(quoted, eq(quoted.id, entries.quoteId))
    .leftJoin(quoteAuthor, eq(quoteAuthor.id, quoted.byUserId))
    .orderBy(sql`asks.slot`, entryOrder)
    .prepare(`timeline_pages_${key.replace(/:/g, '_')}`);
}

type PageRow = Omit<Awaited<ReturnType<ReturnType<typeof pagesQuery>['execute']>>[number], 'slot'>;
interface PageAsk {
  value: string | number;
  limit: number;
  skip: number;
}
/**
 * The pages of one shape (and of the same types) asked in one turn of the event loop, or while
 * another batch is read, in one statement (`coalesce`): under load a round trip, a plan and a row
 * description answer dozens of pages; a quiet server reads each at once. Its rows come back in ask
 * order (`slot`). `batch`: the statement's key, then `|` and the types asked (none: every type).
 */
const pagesReader = coalescedByKey(async (db: DbOrTx, batch: `${KeyColumn}:${Shape}|${string}`, asks: PageAsk[]) => {
  const [statement, types] = batch.split('|') as [`${KeyColumn}:${Shape}`, string];
  const asked = { keys: asks.map((a) => a.value), limits: asks.map((a) => a.limit), skips: asks.map((a) => a.skip) };
  const rows = await pagesQuery(db, statement).execute(types ? { ...asked, subjects: types.split(',') } : asked);
  const bySlot: PageRow[][] = asks.map(() => []);
  for (const { slot, ...row } of rows) bySlot[slot - 1]!.push(row);
  return bySlot;
}, SHARED_STATEMENTS);

export interface TimelinePage {
  result: TimelineEntry[];
  total: number;
  lastSeq: number;
}

/**
 * A presented page of the timeline of the case with this key, with its exact total and the room's
 * last sequence, in one round trip, and the case's id; null when there is no such (visible) case.
 */
export async function timelinePage(db: DbOrTx, key: CaseKey, q: TimelinePageQuery, opts: PresentOptions = {}): Promise<{ caseId: number; page: TimelinePage } | null> {
  const [column, value] = keyOf(key);
  const types = q.subject?.length ? [...new Set(q.subject)].sort().join(',') : '';
  const rows = await pagesReader(db, `${column}:${shapeOf(q)}|${types}`)({ value, limit: q.limit, skip: q.skip });
  if (!rows.length) return null;
  const result: TimelineEntry[] = [];
  for (const r of rows) {
    if (r.entry?.id == null) continue;
    const entry = r.entry as TimelineRow;
    const author = entry.byUserId !== null && r.author?.id != null ? (r.author as Author) : null;
    const quote = r.quote ? presentQuote(r.quote, r.quote.byUserId !== null && r.quoteAuthor?.id != null ? (r.quoteAuthor as Author) : null) : null;
    result.push(presentEntry(entry, author, quote, opts));
  }
  return { caseId: Number(rows[0]!.caseId), page: { result, total: Number(rows[0]!.total), lastSeq: Number(rows[0]!.lastSeq ?? 0) } };
}

/** An entry with the visibility of its case (hidden cases show none of their entries). */
const entryWithCase = prepared((db) =>
  db
    .select({ id: timeline.id, playerId: timeline.playerId, type: timeline.type, valid: timeline.valid })
    .from(timeline)
    .innerJoin(players, and(eq(players.id, timeline.playerId), sql`${players.valid}`))
    .where(eq(timeline.id, sql.placeholder('id')))
    .prepare('timeline_entry_with_case'),
);

/** How many listed entries come before an entry (in the listing's order), and how many there are. */
const positionQuery = preparedByKey((db, shape: Shape) => {
  const [order, hidden, typed] = shape.split(':');
  const before = order === 'asc' ? sql`${timeline.id} < ${sql.placeholder('id')}` : sql`${timeline.id} > ${sql.placeholder('id')}`;
  return db
    .select({ before: sql<number>`count(*) filter (where ${before})::int`.mapWith(Number), total: sql<number>`count(*)::int`.mapWith(Number) })
    .from(timeline)
    .where(listedEntries(timeline, sql`${sql.placeholder('playerId')}`, hidden === 'all', typed === 'typed'))
    .prepare(`timeline_position_${shape.replace(/:/g, '_')}`);
});

export interface EntryPosition {
  playerId: number;
  /** 1-based page of `limit` entries. */
  page: number;
  /** 0-based row in the whole listing. */
  index: number;
  total: number;
}

/**
 * Where entry `id` stands in its case's timeline listed with a page size, an order and types;
 * null when the listing does not show it (unknown, hidden from this viewer, other type, hidden case).
 */
export async function entryPosition(db: DbOrTx, id: number, q: Omit<TimelinePageQuery, 'skip'>): Promise<EntryPosition | null> {
  const [entry] = await entryWithCase(db).execute({ id });
  if (!entry || (!entry.valid && !q.includeHidden)) return null;
  if (q.subject?.length && !q.subject.includes(entry.type)) return null;
  const [counts] = await positionQuery(db, shapeOf(q)).execute({ playerId: entry.playerId, ...subjectsOf(q), id });
  const index = counts?.before ?? 0;
  return { playerId: entry.playerId, page: Math.floor(index / q.limit) + 1, index, total: counts?.total ?? 0 };
}

export async function entryById(db: DbOrTx, id: number): Promise<TimelineRow | null> {
  const [row] = await db.select().from(timeline).where(eq(timeline.id, id)).limit(1);
  return row ?? null;
}
