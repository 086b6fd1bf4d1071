import { z } from 'zod';
import { gameFilter } from './cases';
import { epochMs, limitParam, skipParam } from './common';
import { SEARCH_SORTS, SEARCH_TYPES, searchParamProblem, type SearchSort, type SearchType } from '../search';

export { SEARCH_SORTS, SEARCH_TYPES, searchParamProblem, type SearchSort, type SearchType };

const ALL_SORTS = [...new Set(Object.values(SEARCH_SORTS).flat())] as [string, ...string[]];

/** Epoch milliseconds, up to the end of year 9999. */
export const timeParam = epochMs;

const PARAM_MAX = 100;


export const searchQuery = z
  .object({
    type: z.enum(SEARCH_TYPES),
    param: z.string().trim().max(PARAM_MAX),
    game: gameFilter,
    sort: z.enum(ALL_SORTS).default('default'),
    createTimeFrom: timeParam.optional(),
    createTimeTo: timeParam.optional(),
    skip: skipParam,
    limit: limitParam(100, 20),
  })
  .superRefine((q, ctx) => {
    const problem = searchParamProblem(q.type, q.param);
    if (problem) ctx.addIssue({ code: 'custom', path: ['param'], message: problem });
  });
export type SearchQuery = z.infer<typeof searchQuery>;

/** The sort a query means for its type (`default` when the key belongs to another type). */
export function sortFor<T extends SearchType>(type: T, sort: string): SearchSort<T> {
  const own = SEARCH_SORTS[type] as readonly string[];
  return (own.includes(sort) ? sort : 'default') as SearchSort<T>;
}

/** `advanceSearch`: one platform name or its beginning. */
export const advanceSearchQuery = z.object({
  param: z.string().regex(/^[A-Za-z0-9_-]{4,32}$/, '4 to 32 letters, digits, _ or -'),
});
