import { getTableColumns, getTableName, sql, type Column, type InferInsertModel, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** A row to insert, by the table's property names (what `db.insert(table).values(row)` takes). */
export interface NewRow {
  table: PgTable;
  row: Record<string, unknown>;
}

export const newRow = <T extends PgTable>(table: T, row: InferInsertModel<T>): NewRow => ({ table, row: row as Record<string, unknown> });

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
/** A record's field takes the column's type; a serial column's is its plain integer type. */
const FIELD_TYPES: Record<string, string> = { serial: 'integer', bigserial: 'bigint', smallserial: 'smallint' };

interface Shape {
  columns: Column[];
  head: SQL;
  tail: SQL;
}
const shapes = new WeakMap<PgTable, Map<string, Shape>>();

/** The statement for a table's rows that give these columns: its text is made once per shape. */
function shapeOf(table: PgTable, keys: string[]): Shape {
  let byKeys = shapes.get(table);
  if (!byKeys) shapes.set(table, (byKeys = new Map()));
  const id = keys.join(',');
  let shape = byKeys.get(id);
  if (!shape) {
    const all = getTableColumns(table) as Record<string, Column>;
    const columns = keys.map((k) => all[k]!);
    const names = columns.map((c) => quote(c.name)).join(', ');
    const fields = columns.map((c) => `${quote(c.name)} ${FIELD_TYPES[c.getSQLType()] ?? c.getSQLType()}`).join(', ');
    shape = {
      columns,
      head: sql.raw(`insert into ${quote(getTableName(table))} (${names}) select ${names} from jsonb_to_recordset(`),
      tail: sql.raw(`::jsonb) as x(${fields})`),
    };
    byKeys.set(id, shape);
  }
  return shape;
}

/** A value as the record's JSON carries it: what drizzle would send for the column, JSON columns as they are. */
const fieldValue = (column: Column, value: unknown) => (value === null ? null : column.dataType === 'json' ? value : column.mapToDriverValue(value));

/**
 * Many new rows as few statements: one insert per table and set of given columns, its rows in one
 * JSON parameter. The text depends only on that shape, so however many rows a busy moment brings,
 * the statement is neither rebuilt column by column nor longer to parse. Columns a row leaves
 * undefined take their defaults; rows go in the order given.
 */
export function insertRows(rows: NewRow[]): SQL[] {
  const groups = new Map<Shape, Array<Record<string, unknown>>>();
  for (const { table, row } of rows) {
    const keys = Object.keys(getTableColumns(table)).filter((k) => row[k] !== undefined);
    const shape = shapeOf(table, keys);
    const record: Record<string, unknown> = {};
    for (const [i, column] of shape.columns.entries()) record[column.name] = fieldValue(column, row[keys[i]!]);
    let group = groups.get(shape);
    if (!group) groups.set(shape, (group = []));
    group.push(record);
  }
  return [...groups].map(([shape, records]) => sql`${shape.head}${JSON.stringify(records)}${shape.tail}`);
}
