import { Column, getTableName, is, SQL, Subquery } from 'drizzle-orm';

/** What drizzle's prepared queries (node-postgres and PGlite alike) keep to turn array rows into objects. */
interface MappedQuery {
  fields?: Array<{ path: string[]; field: unknown }>;
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** One selected column, worked out once: where it goes, how it is decoded, which joined table it tells the absence of. */
interface Slot {
  path: string[];
  decoder: Decoder;
  /** For a table column of a joined object (`{ author: users.* }`): the table's name. */
  joinedTable: string | null;
}

function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field as unknown as Decoder;
  // `decoder` is internal to drizzle's SQL: read where drizzle's own mapping reads it.
  type Decoded = { decoder: Decoder };
  if (is(field, SQL)) return (field as unknown as Decoded).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: Decoded } })._.sql.decoder;
  return (field as { sql: Decoded }).sql.decoder;
}

/**
 * The same objects drizzle's row mapping builds (same keys in the same order, same decoding, a
 * left-joined object null when its table had no row), with the per-column work done once per
 * query instead of once per value: drizzle asks each value's column what kind it is, a prototype
 * walk that is slow for aliased columns (proxies), and on wide joined pages that was most of a
 * read's CPU.
 */
function compile(fields: NonNullable<MappedQuery['fields']>, joins: Record<string, boolean> | undefined) {
  const slots: Slot[] = fields.map(({ path, field }) => ({
    path,
    decoder: decoderOf(field),
    joinedTable: joins && path.length === 2 && is(field, Column) ? getTableName((field as Column).table) : null,
  }));
  return (row: unknown[]) => {
    const result: Record<string, unknown> = {};
    // Per joined object: the table whose first column came back null (it may be a missing row), or false.
    let absent: Record<string, string | false> | null = null;
    for (let i = 0; i < slots.length; i++) {
      const { path, decoder, joinedTable } = slots[i]!;
      let node = result;
      const last = path.length - 1;
      for (let p = 0; p < last; p++) node = (node[path[p]!] ??= {}) as Record<string, unknown>;
      const raw = row[i];
      const value = (node[path[last]!] = raw === null ? null : decoder.mapFromDriverValue(raw));
      if (joinedTable !== null) {
        absent ??= {};
        const object = path[0]!;
        if (!(object in absent)) absent[object] = value === null ? joinedTable : false;
        else if (typeof absent[object] === 'string' && absent[object] !== joinedTable) absent[object] = false;
      }
    }
    if (absent) for (const object in absent) if (typeof absent[object] === 'string' && !joins![absent[object]]) result[object] = null;
    return result;
  };
}

/**
 * Gives a prepared select the compiled row mapping (`compile`), and each select of a set built
 * together (`{ page, count }`, as the search and list statements are). Anything else, or a query
 * that maps its rows its own way, is left as it is.
 */
export function withCompiledRows<T>(query: T): T {
  const q = query as MappedQuery;
  if (!q || typeof q !== 'object') return query;
  if (!Array.isArray(q.fields)) {
    if (Object.getPrototypeOf(q) === Object.prototype) for (const inner of Object.values(q)) withCompiledRows(inner);
    return query;
  }
  if (q.customResultMapper) return query;
  const map = compile(q.fields, q.joinsNotNullableMap);
  q.customResultMapper = (rows) => rows.map(map);
  return query;
}
