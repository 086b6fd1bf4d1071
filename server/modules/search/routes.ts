import { rules } from '@shared/policy';
import { advanceSearchQuery, searchQuery } from '@shared/schemas/search';
import { defineRoute, type AnyRoute } from '@server/http/route';
import { ok } from '@server/http/envelope';
import { searchPolicy } from './policy';
import { searchKey, searchReply } from './cached-read';
import { advanceSearch } from './advance';

const TAG = 'Search';

export const searchRoutes: AnyRoute[] = [
  defineRoute({
    method: 'get',
    path: '/search',
    tag: TAG,
    summary:
      'Search players (every name a case was seen with, case- and look-alike-insensitive), users or visible comments; `param` needs 3 characters. Top-level `data` and `total`: exact, except that players and comments are counted up to 1,000 (1,000 then means that many or more). Players by best match (`sort=default`): the names that start with `param` first, in name order (the name itself first), then those holding it further in, newest first.',
    area: 'search',
    auth: 'none',
    policy: rules.anyone,
    query: searchQuery,
    rateLimit: 'search',
    keep: ({ query }) => searchKey(query),
    success: { code: 'search.success' },
    handler: ({ query, read }) => read((db) => searchReply(db, query)),
  }),
  defineRoute({
    method: 'get',
    path: '/advanceSearch',
    tag: TAG,
    summary: 'Ask the platform directory for an account name (4-32 characters) and names beginning with it, each with its case. One per 15 s per user (staff exempt).',
    area: 'advanceSearch',
    auth: 'required',
    policy: searchPolicy.advance,
    userLimit: searchPolicy.advanceLimit,
    query: advanceSearchQuery,
    success: { code: 'advanceSearch.ok' },
    errors: ['advanceSearch.error', 'user.permissionDenined', 'request.rateLimited'],
    handler: async ({ query, services }) => {
      return ok('advanceSearch.ok', await advanceSearch(services, query.param));
    },
  }),
];
