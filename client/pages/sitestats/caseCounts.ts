import { CASE_STATUSES, GAMES } from '@shared/games';
import type { CaseCount, CaseCountQuery } from '@client/api/stats';

/** `*` is every game, as /playerStatistics names it. */
export const COUNT_GAMES = ['*', ...GAMES] as const;
export type CountGame = (typeof COUNT_GAMES)[number];

/** Every case, then the cases of each game: one request (6 of the 12 pairs allowed). */
export const gameTotalsQuery = (): CaseCountQuery[] => COUNT_GAMES.map((game) => ({ game, status: -1 }));

/** The cases of one game (or all) in each status: one request (10 pairs). */
export const statusQuery = (game: CountGame): CaseCountQuery[] => CASE_STATUSES.map((status) => ({ game, status }));

export interface CountBar<K> {
  key: K;
  count: number;
  /** Share of the largest bar, 0-100, for the bar's length. */
  percent: number;
}

/**
 * Bars from an answer, read by matching `{game, status}` rather than by position, in the order
 * of `wanted`; a pair the answer lacks counts 0.
 */
export function countBars<K>(wanted: readonly CaseCountQuery[], answer: readonly CaseCount[], keyOf: (q: CaseCountQuery) => K): Array<CountBar<K>> {
  const counts = wanted.map((q) => answer.find((a) => a.game === q.game && Number(a.status) === q.status)?.count ?? 0);
  const max = Math.max(0, ...counts);
  return wanted.map((q, i) => ({ key: keyOf(q), count: counts[i]!, percent: max > 0 ? Math.round((counts[i]! / max) * 1000) / 10 : 0 }));
}
