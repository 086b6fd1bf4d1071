import { z } from 'zod';
import { NAME_SEARCH_MIN, nameKey } from '../names';
import { USERNAME_PATTERN } from './account';
import { gameFilter } from './cases';
import { epochMs, limitParam, skipParam } from './common';

export const SEARCH_TYPES = ['player', 'user', 'comment'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/**
 * Sort keys per search type (the original's names). The web client sends its sort on every tab, so a key
 * of another type is accepted and means that type's `default`; an unknown key is a 400.
 */
export const SEARCH_SORTS = {
  player: ['default', 'latest', 'mostViewed', 'mostComments'],
  user: ['default', 'joinedAt', 'lastOnlineTime'],
  comment: ['default', 'latest'],
} as const;
export type SearchSort<T extends SearchType> = (typeof SEARCH_SORTS)[T][number];
const ALL_SORTS = [...new Set(Object.values(SEARCH_SORTS).flat())] as [string, ...string[]];

/** Epoch milliseconds, up to the end of year 9999. */
export const timeParam = epochMs;

const PARAM_MAX = 100;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * The `param` rule of each type: at least 3 meaningful characters (the original never checked).
 * The web client checks it before asking, the server on every request.
 */
export function searchParamProblem(type: SearchType, param: string): string | null {
  if (CONTROL.test(param)) return 'control characters are not allowed';
  if (type === 'player') {
    if (param.length > 64) return 'at most 64 characters';
    return nameKey(param).length >= NAME_SEARCH_MIN ? null : `at least ${NAME_SEARCH_MIN} characters (look-alike characters count once)`;
  }
  if (type === 'user') {
    if (!USERNAME_PATTERN.test(param)) return 'letters, digits, _ and - only';
    return param.length >= NAME_SEARCH_MIN && param.length <= 40 ? null : `${NAME_SEARCH_MIN} to 40 characters`;
  }
  return param.length >= NAME_SEARCH_MIN ? null : `at least ${NAME_SEARCH_MIN} characters`;
}

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
