import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TimelineEntry } from '@shared/types/cases';
import { timeline, users, type TimelineRow } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';
import { presentEntry, presentQuote, type Author, type PresentOptions } from './presenter';

const authorColumns = { id: users.id, username: users.username, privileges: users.privileges, originEmail: users.originEmail, attr: users.attr };

async function authorsOf(db: DbOrTx, ids: Array<number | null>): Promise<Map<number, Author>> {
  const wanted = [...new Set(ids.filter((i): i is number => i !== null))];
  if (!wanted.length) return new Map();
  const rows = await db.select(authorColumns).from(users).where(inArray(users.id, wanted));
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
  subject?: string;
  includeHidden: boolean;
}

export async function timelinePage(db: DbOrTx, playerId: number, q: TimelinePageQuery) {
  const where: SQL[] = [eq(timeline.playerId, playerId)];
  if (q.subject) where.push(eq(timeline.type, q.subject as TimelineRow['type']));
  if (!q.includeHidden) where.push(eq(timeline.valid, true));
  const cond = and(...where);
  const order = q.order === 'asc' ? asc(timeline.id) : desc(timeline.id);
  const [rows, [count]] = await Promise.all([
    db.select().from(timeline).where(cond).orderBy(order).limit(q.limit).offset(q.skip),
    db.select({ n: sql<number>`count(*)::int` }).from(timeline).where(cond),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function entryById(db: DbOrTx, id: number): Promise<TimelineRow | null> {
  const [row] = await db.select().from(timeline).where(eq(timeline.id, id)).limit(1);
  return row ?? null;
}
