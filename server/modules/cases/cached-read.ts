import { roomOf } from '@shared/socket';
import type { CaseKey, PlayersQuery } from '@shared/schemas/cases';
import { ok, type Reply } from '@server/http/envelope';
import { cachedReply } from '@server/http/cached-reply';
import { AppError } from '@server/app-error';
import type { Services } from '@server/core/services';
import { historyOf, keyOf, readCase } from './queries';
import { presentCase, presentHistory } from './presenter';
import { listCases } from './list';

/**
 * `GET /player`: the same answer for everyone, so a case's answer is serialised once and kept in
 * the read cache until the case's room announces a change (or briefly, for what no event tells:
 * the view count). With `history` the answer is read each time.
 */
export async function readCaseReply(services: Services, query: CaseKey & { history?: boolean }): Promise<Reply> {
  const [column, value] = keyOf(query);
  const read = async () => {
    const row = await readCase(services.db, query);
    if (!row) throw new AppError('player.notFound');
    const data = presentCase(row);
    if (query.history) return { reply: ok('player.ok', { ...data, history: presentHistory(await historyOf(services.db, row.id)) }), rooms: null };
    return { reply: ok('player.ok', data), rooms: roomOf.case(row.id) };
  };
  if (query.history) return (await read()).reply;
  return cachedReply(services.readCache, `case:${column}:${value}`, 'player.ok', read);
}

/**
 * `GET /players`: a page of a list is the same for everyone, and the first pages of a few filters
 * take most of the traffic; kept under `case:*`, which any case's change drops.
 */
export function listCasesReply(services: Services, query: PlayersQuery): Promise<Reply> {
  return cachedReply(services.readCache, `players:${JSON.stringify(query)}`, 'players.ok', async () => ({
    reply: ok('players.ok', await listCases(services.db, query)),
    rooms: 'case:*',
  }));
}
