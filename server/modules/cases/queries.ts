import { and, asc, eq, getTableColumns, inArray, or, sql, type AnyColumn } from 'drizzle-orm';
import { roomOf } from '@shared/socket';
import type { CaseKey } from '@shared/schemas/cases';
import { nameHistory, players, roomSequences, type PlayerRow } from '@server/db/schema';
import type { Db, DbOrTx } from '@server/db/client';
import { coalescedByKey, SHARED_STATEMENTS } from '@server/db/coalesce';
import { preparedByKey, prepared } from '@server/db/prepared';

export type KeyColumn = 'userId' | 'personaId' | 'dbId';
export const KEY_COLUMNS = { userId: players.originUserId, personaId: players.originPersonaId, dbId: players.id } as const;

/** Reads of a visible case by one of its keys, prepared once per key column (`findCase`; the read path shares `readCase`). */
const caseByKey = preparedByKey((db, column: KeyColumn) =>
  db
    .select()
    .from(players)
    .where(and(eq(KEY_COLUMNS[column], sql.placeholder('key')), eq(players.valid, true)))
    .limit(1)
    .prepare(`case_by_${column}`),
);

/** The key a lookup uses and its value: `userId` first, then `personaId`, then `dbId`. */
export const keyOf = (key: CaseKey): [KeyColumn, string | number] =>
  key.userId !== undefined ? ['userId', key.userId] : key.personaId !== undefined ? ['personaId', key.personaId] : ['dbId', key.dbId!];

/** A case as the read path reads it: with its room's last sequence, read in the same statement. */
export type ReadCaseRow = PlayerRow & { lastSeq: number };

/** The case room's name (`roomOf.case`) for a case id column. */
export const caseRoomSql = (id: AnyColumn) => sql`'case:' || ${id}`;
if (roomOf.case(7) !== 'case:7') throw new Error('caseRoomSql no longer spells roomOf.case');

/** The last sequence of the room of the case in `id`, as a subquery. */
export const caseRoomLastSeqSql = (id: AnyColumn) => sql<number | null>`(select ${roomSequences.lastSeq} from ${roomSequences} where ${roomSequences.room} = ${caseRoomSql(id)})`;

/**
 * Reads of the visible cases with any of many values of one key column (the read path's shared
 * statement), each with its room's last sequence from the same snapshot: every event up to it is in
 * the record.
 */
const casesByColumn = preparedByKey((db, column: KeyColumn) =>
  db
    .select({ ...getTableColumns(players), lastSeq: caseRoomLastSeqSql(players.id) })
    .from(players)
    .where(and(sql`${KEY_COLUMNS[column]} = any(${sql.placeholder('keys')}::${sql.raw(column === 'dbId' ? 'int' : 'text')}[])`, eq(players.valid, true)))
    .prepare(`cases_by_${column}s`),
);

const caseReaders = coalescedByKey(async (db: Db, column: KeyColumn, values: Array<string | number>) => {
  const rows = await casesByColumn(db, column).execute({ keys: [...new Set(values)] });
  const byValue = new Map<string | number, ReadCaseRow>();
  for (const { lastSeq, ...record } of rows) {
    const row = { ...record, lastSeq: Number(lastSeq ?? 0) };
    const v = column === 'dbId' ? row.id : column === 'userId' ? row.originUserId : row.originPersonaId;
    const seen = byValue.get(v);
    if (!seen || row.id < seen.id) byValue.set(v, row);
  }
  return values.map((v) => byValue.get(v) ?? null);
}, SHARED_STATEMENTS);

/**
 * `findCase` for the read path: the reads of one key column that arrive in one turn of the event
 * loop, or while another such read is in flight, share one statement (`coalesce`). Under load a
 * round trip then answers dozens of requests; a quiet server sends each read at once. Where a
 * persona id has several cases, the oldest answers (as the single read's index scan gives).
 */
export function readCase(db: Db, key: CaseKey): Promise<ReadCaseRow | null> {
  const [column, value] = keyOf(key);
  return caseReaders(db, column)(value);
}

/** The case for a key: `userId` first, then `personaId`, then `dbId` (the original's order). */
export async function findCase(db: DbOrTx, key: CaseKey, opts: { forUpdate?: boolean } = {}): Promise<PlayerRow | null> {
  const [column, value] = keyOf(key);
  if (!opts.forUpdate) return (await caseByKey(db, column).execute({ key: value }))[0] ?? null;
  const [row] = await db.select().from(players).where(and(eq(KEY_COLUMNS[column], value), eq(players.valid, true))).limit(1).for('update');
  return row ?? null;
}

export async function caseById(db: DbOrTx, id: number, opts: { forUpdate?: boolean } = {}): Promise<PlayerRow | null> {
  return findCase(db, { dbId: id }, opts);
}

const historyQuery = prepared((db) =>
  db
    .select({ originName: nameHistory.originName, fromTime: nameHistory.fromTime, toTime: nameHistory.toTime })
    .from(nameHistory)
    .where(eq(nameHistory.playerId, sql.placeholder('playerId')))
    .orderBy(asc(nameHistory.fromTime))
    .prepare('case_name_history'),
);

export async function historyOf(db: DbOrTx, playerId: number) {
  return historyQuery(db).execute({ playerId });
}

/** Cases by any mix of keys (batch lookups). */
export async function casesByKeys(db: DbOrTx, keys: { userIds?: string[]; personaIds?: string[]; dbIds?: number[] }): Promise<PlayerRow[]> {
  const conds = [];
  if (keys.userIds?.length) conds.push(inArray(players.originUserId, keys.userIds));
  if (keys.personaIds?.length) conds.push(inArray(players.originPersonaId, keys.personaIds));
  if (keys.dbIds?.length) conds.push(inArray(players.id, keys.dbIds));
  if (!conds.length) return [];
  return db.select().from(players).where(and(eq(players.valid, true), or(...conds)));
}
