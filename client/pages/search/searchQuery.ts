import { LIMITS } from '@shared/limits';
import { SEARCH_SORTS, SEARCH_TYPES, searchParamProblem, type SearchType } from '@shared/search';

/** A search as its address holds it: `/search/<text>?type=&sort=&page=`. */
export interface SearchState {
  param: string;
  type: SearchType;
  sort: string;
  /** 1-based. */
  page: number;
}

export function parseSearch(content: string | undefined, params: URLSearchParams): SearchState {
  const type = SEARCH_TYPES.includes(params.get('type') as SearchType) ? (params.get('type') as SearchType) : 'player';
  const sorts: readonly string[] = SEARCH_SORTS[type];
  const sort = params.get('sort') ?? 'default';
  const page = Number(params.get('page'));
  return {
    param: (content ?? params.get('q') ?? '').trim(),
    type,
    sort: sorts.includes(sort) ? sort : 'default',
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The address of a search; defaults are left out. */
export function searchPath({ param, type, sort, page }: SearchState): string {
  const params = new URLSearchParams();
  if (type !== 'player') params.set('type', type);
  if (sort !== 'default') params.set('sort', sort);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return `/search${param ? `/${encodeURIComponent(param)}` : ''}${query ? `?${query}` : ''}`;
}

/** Whether a search is worth asking the server: some text that passes the search's own rule (no request only to hear 400). */
export const searchable = ({ param, type }: Pick<SearchState, 'param' | 'type'>) => !!param && !searchParamProblem(type, param);

/** The number of hits as shown: players and comments are counted up to `LIMITS.searchTotalMax`, which then means "that many or more". */
export const hitCountLabel = (type: SearchState['type'], total: number, formatNumber: (n: number) => string) =>
  type !== 'user' && total >= LIMITS.searchTotalMax ? `${formatNumber(total)}+` : formatNumber(total);

/**
 * The box's own writes to the address that have not arrived yet, once `param` arrived: `own` when it
 * is one of them (an older one too: on a slow machine the box may write again before its first write
 * lands, and that first arrival must not put its older text back in the box), and what still waits.
 * Any other text came from elsewhere (the header's search, back and forward): nothing waits any more.
 */
export function arrivedAddress(waiting: readonly string[], param: string): { own: boolean; waiting: string[] } {
  const at = waiting.indexOf(param);
  return at < 0 ? { own: false, waiting: [] } : { own: true, waiting: waiting.slice(at + 1) };
}
