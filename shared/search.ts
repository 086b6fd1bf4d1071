import { NAME_SEARCH_MIN, nameKey } from './names';
import { LIMITS } from './limits';

/**
 * What the search looks through, its sorts and its text rule: plain data and checks, apart from the
 * request schemas (`schemas/search.ts`), so the header's search box does not bring the validation
 * library into every page's first script.
 */
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
  // Any characters: names taken over from the original site are not all of today's letters, digits, _ and -.
  if (type === 'user') return param.length >= NAME_SEARCH_MIN && param.length <= LIMITS.usernameMax ? null : `${NAME_SEARCH_MIN} to ${LIMITS.usernameMax} characters`;
  return param.length >= NAME_SEARCH_MIN ? null : `at least ${NAME_SEARCH_MIN} characters`;
}
