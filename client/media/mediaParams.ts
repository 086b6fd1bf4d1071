import { fileKinds } from '@shared/schemas/files';
import type { MediaQuery } from '@client/api/media';
import type { MediaFilterValue } from './MediaFilter';

/** The library's filter and page as the address holds them (`?name=&kind=&page=`); an unknown kind is none. */
export function readMediaParams(params: URLSearchParams): { value: MediaFilterValue; page: number } {
  const kind = params.get('kind') ?? '';
  return {
    value: { name: params.get('name') ?? '', kind: (fileKinds as readonly string[]).includes(kind) ? (kind as MediaFilterValue['kind']) : '' },
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
  };
}

/**
 * The address of a filter and page: the name as typed (trimming it here would take a space from
 * under the cursor of the box writing it), without empty values or page 1.
 */
export function mediaSearch(value: MediaFilterValue, page = 1): string {
  const out = new URLSearchParams();
  if (value.name) out.set('name', value.name);
  if (value.kind) out.set('kind', value.kind);
  if (page > 1) out.set('page', String(page));
  const s = out.toString();
  return s ? `?${s}` : '';
}

/** What the API is asked: the name without its outer spaces. */
export const mediaQueryOf = (value: MediaFilterValue): MediaQuery => ({ name: value.name.trim() || undefined, kind: value.kind || undefined });

export const isFiltered = (value: MediaFilterValue) => value.name.trim() !== '' || value.kind !== '';
