import type { RecordQuery } from '@client/api/adminRecords';

/** One filter of a record list: a URL parameter, shown as a text, number, choice or day field. */
export interface FilterDef {
  name: string;
  label: string;
  kind: 'text' | 'number' | 'select' | 'day';
  options?: ReadonlyArray<{ value: string; label: string }>;
}

export type FilterValues = Record<string, string>;

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filter values and page a URL holds (unknown parameters ignored). */
export function readFilters(params: URLSearchParams, defs: readonly FilterDef[]): { values: FilterValues; page: number } {
  const values: FilterValues = {};
  for (const d of defs) values[d.name] = params.get(d.name) ?? '';
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  return { values, page };
}

/** The URL search of these values and page: empty values and page 1 are left out. */
export function filterSearch(values: FilterValues, page = 1): string {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v.trim()) out.set(k, v.trim());
  if (page > 1) out.set('page', String(page));
  const s = out.toString();
  return s ? `?${s}` : '';
}

/**
 * The API query of the values: day fields `from`/`to` become the window `createTimeFrom`/`createTimeTo`
 * (UTC days, both included), numbers that are not whole positive numbers are dropped.
 */
export function toApiQuery(values: FilterValues, defs: readonly FilterDef[], page: number, limit: number): RecordQuery {
  const q: RecordQuery = { skip: (page - 1) * limit, limit };
  for (const d of defs) {
    const v = values[d.name]?.trim() ?? '';
    if (!v) continue;
    if (d.kind === 'day') {
      if (!DAY.test(v)) continue;
      const start = Date.parse(`${v}T00:00:00Z`);
      if (Number.isNaN(start)) continue;
      if (d.name === 'to') q.createTimeTo = start + DAY_MS - 1;
      else q.createTimeFrom = start;
    } else if (d.kind === 'number') {
      if (/^\d{1,10}$/.test(v) && Number(v) > 0) q[d.name] = Number(v);
    } else q[d.name] = v;
  }
  return q;
}

export const isFiltered = (values: FilterValues) => Object.values(values).some((v) => v.trim() !== '');
