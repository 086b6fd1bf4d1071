import { roomOf } from '@shared/socket';
import type { CaseKey, PlayersQuery } from '@shared/schemas/cases';
import { ok, serialized, type Reply } from '@server/http/envelope';
import { AppError } from '@server/http/errors';
import type { Services } from '@server/services';
import { findCase, historyOf, keyOf } from './queries';
import { presentCase, presentHistory } from './presenter';
import { listCases } from './list';

/**
 * `GET /player`: the same answer for everyone, so a case's answer is serialised once and kept in
 * the read cache until the case's room announces a change (or briefly, for what no event tells:
 * the view count). With `history` the answer is read each time.
 */
export async function readCaseReply(services: Services, query: CaseKey & { history?: boolean }): Promise<Reply> {
  const [column, value] = keyOf(query);
  const key = `case:${column}:${value}`;
  if (!query.history) {
    const hit = services.readCache.get(key);
    if (hit !== undefined) return { code: 'player.ok', json: hit };
  }
  const ticket = query.history ? 0 : services.readCache.ticket();
  const row = await findCase(services.db, query);
  if (!row) throw new AppError('player.notFound');
  const data = presentCase(row);
  if (query.history) return ok('player.ok', { ...data, history: presentHistory(await historyOf(services.db, row.id)) });
  const reply = serialized(ok('player.ok', data));
  services.readCache.set(key, roomOf.case(row.id), reply.json!, ticket);
  return reply;
}

/**
 * `GET /players`: a page of a list is the same for everyone, and the first pages of a few filters
 * take most of the traffic; kept under `case:*`, which any case's change drops.
 */
export async function listCasesReply(services: Services, query: PlayersQuery): Promise<Reply> {
  const key = `players:${JSON.stringify(query)}`;
  const hit = services.readCache.get(key);
  if (hit !== undefined) return { code: 'players.ok', json: hit };
  const ticket = services.readCache.ticket();
  const reply = serialized(ok('players.ok', await listCases(services.db, query)));
  services.readCache.set(key, 'case:*', reply.json!, ticket);
  return reply;
}
