import { nameKey } from '@shared/names';
import { issuesOf, type Mapped } from './issues';
import type { MapContext } from './context';
import { datetime, textOrNull } from './values';

export type NameTarget = Record<string, unknown> & { id: number; player_id: number; origin_name: string };

/**
 * name_logs -> a case's name history, keyed for search like every name here (`nameKey`). The
 * original logged names of every account its searches saw; only cases have a history here, so
 * the others are listed, not imported. Rows without a persona id are fine (v1 merged runs).
 */
export function mapName(raw: Record<string, unknown>, ctx: MapContext): Mapped<NameTarget> {
  const id = Number(raw.id);
  const issues = issuesOf('name_logs', id);
  const userId = textOrNull(raw.originUserId)?.trim() ?? '';
  const playerId = ctx.playerByOriginUserId.get(userId);
  if (playerId === undefined) issues.skip('originUserId', userId, 'no case for this account: name history is kept for cases only');
  const name = (textOrNull(raw.originName) ?? '').trim().slice(0, 64);
  if (!name) issues.refuse('originName', raw.originName, 'no name');
  const from = datetime(ctx.zone, raw.fromTime, 'fromTime', issues);
  const to = datetime(ctx.zone, raw.toTime, 'toTime', issues);
  const first = from ?? to;
  if (!first) issues.refuse('fromTime', raw.fromTime, 'no time');
  if (issues.refused) return { row: null, issues: issues.list };
  const last = to && to > first! ? to : first!;
  return {
    row: { id, player_id: playerId!, origin_name: name, name_key: nameKey(name).slice(0, 64), from_time: first!.toISOString(), to_time: last.toISOString(), case_games: ctx.players.get(playerId!)?.games ?? [] },
    issues: issues.list,
  };
}
