import { roomOf } from '@shared/socket';
import type { CaseKey, PlayersQuery } from '@shared/schemas/cases';
import { ok, type Reply } from '@server/http/envelope';
import { AppError } from '@server/app-error';
import type { Db } from '@server/db/client';
import { historyOf, keyOf, readCase } from './queries';
import { presentCase, presentHistory } from './presenter';
import { listCases } from './list';

type CaseQuery = CaseKey & { history?: boolean };

/**
 * `GET /player`: the same answer for everyone, so a case's answer is kept (the route's `keep`) until
 * the case's room announces a change (or briefly, for what no event tells: the view count). The
 * answer with `history` (what the web client asks on opening a case) is kept the same way under a
 * key of its own: every write of a name the case was seen with announces it in the case's room (a
 * report or a refresh through `appendEntry`, an advanced search through its eviction).
 */
export function caseReadKey(query: CaseQuery): string {
  const [column, value] = keyOf(query);
  return `case:${column}:${value}${query.history ? ':history' : ''}`;
}

/**
 * `viewsNotStored`: the case's views this node counted and has not added to it yet (cases/views.ts).
 * `lastSeq` (beside `data`) is the case room's, read with the record: a page joins the room from it
 * and misses no change. A kept answer stays right: any event of the room drops it.
 */
export async function readCaseReply(db: Db, query: CaseQuery, viewsNotStored: (caseId: number) => number): Promise<Reply> {
  const row = await readCase(db, query);
  if (!row) throw new AppError('player.notFound');
  const data = presentCase({ ...row, viewNum: row.viewNum + viewsNotStored(row.id) });
  const live = { rooms: roomOf.case(row.id), lastSeq: row.lastSeq };
  if (query.history) return ok('player.ok', { ...data, history: presentHistory(await historyOf(db, row.id)) }, live);
  return ok('player.ok', data, live);
}

/**
 * `GET /players`: a page of a list is the same for everyone, and the first pages of a few filters
 * take most of the traffic; kept under `case:*`, which any case's change drops.
 */
export const casesListKey = (query: PlayersQuery) => `players:${JSON.stringify(query)}`;

export async function listCasesReply(db: Db, query: PlayersQuery): Promise<Reply> {
  return ok('players.ok', await listCases(db, query), { rooms: 'case:*' });
}
