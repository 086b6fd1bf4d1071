import { issuesOf, type Issue } from './issues';
import type { Source } from './source';
import { parseZone, type Zone } from './zone';

/**
 * How the rows of a table that have no time of their own (NULL, or the zero dates of the original's
 * old versions) get one, rather than being left out.
 */
export interface Placing {
  /** The column given the placed time. */
  column: string;
  /** Reads a time of this column's kind (DATETIME in the zone, TIMESTAMP in UTC); null when there is none. */
  read(zone: Zone, value: unknown): Date | null;
  /** Whether the row has no time (default: its column has none). */
  undated?(zone: Zone, raw: Record<string, unknown>): boolean;
  /** What a row is called in the report: `entry`, `message`. */
  noun: string;
  /** Rows whose order matters together: a case's entries (equal values of this column). None: the whole table is one sequence. */
  group?: { column: string; name: string };
  /** The sequence's own time (its case's), when no row before has one: SQL of one parameter (the group), its first readable column taken. */
  groupTime?: { sql: string; name: string };
}

// Whether a value is a time does not depend on the zone (`zone.ts`): every row is checked in UTC,
// whose reading is the cheapest.
const UTC = parseZone('+00:00');

/** A time the server holds as a date (NULL and zero dates, whole or in part, are not). */
const dated = (column: string) => `${column} >= '1000-01-01' AND MONTH(${column}) > 0 AND DAYOFMONTH(${column}) > 0`;

/**
 * Places each undated row of a batch (read in id order). Ids grow with time, so the row belongs
 * right after the row before it: it takes that row's time, and being newer (a higher id) it sorts
 * after it, since lists order by time then id (migration 0034). Before the row of its case (or
 * table) that has a time: the sequence's own time, or the next row's when that is earlier (a
 * lower id sorts before it). Every placement is a line of the report; the original's row is read
 * the same way on every pass, so a later pass places it at the same time.
 */
export async function placeUndated(source: Source, table: string, zone: Zone, p: Placing, rows: Record<string, unknown>[]): Promise<{ rows: Record<string, unknown>[]; issues: Map<string, Issue[]> }> {
  const issues = new Map<string, Issue[]>();
  const undated = p.undated ?? ((z: Zone, raw: Record<string, unknown>) => !p.read(z, raw[p.column]));
  // A run of undated rows of one sequence looks back only as far as the one before it.
  const lastFound = new Map<unknown, { id: number; at: { id: number; text: string } | null }>();
  const out = [];
  for (const raw of rows) {
    const group = p.group ? raw[p.group.column] : null;
    if (!undated(UTC, raw) || (p.group && (group === null || group === undefined))) {
      out.push(raw);
      continue;
    }
    const id = Number(raw.id);
    const where = (op: string) => `${p.group ? `${p.group.column} = ? AND ` : ''}id ${op} ?`;
    const args = (...rest: unknown[]) => (p.group ? [group, ...rest] : rest);
    const memo = lastFound.get(group);
    const between = memo ? ` AND id > ${memo.id}` : '';
    const [before] = await source.query<{ id: number; t: string }>(`SELECT id, ${p.column} AS t FROM ${table} WHERE ${where('<')}${between} AND ${dated(p.column)} ORDER BY id DESC LIMIT 1`, args(id));
    const earlier = before && p.read(zone, before.t) ? { id: Number(before.id), text: before.t } : (memo?.at ?? null);
    lastFound.set(group, { id, at: earlier });
    let placed: { text: string; why: string } | null = earlier ? { text: earlier.text, why: `placed at the time of ${p.noun} #${earlier.id} before it${p.group ? ` in ${p.group.name}` : ''}` } : null;
    if (!placed) placed = await firstPlace(source, table, zone, p, id, group, where, args);
    if (!placed) {
      out.push(raw);
      continue;
    }
    const row = { ...raw, [p.column]: placed.text };
    const found = issuesOf(table, id);
    found.adjust(p.column, raw[p.column], `no time: ${placed.why}`);
    issues.set(String(id), found.list);
    out.push(row);
  }
  return { rows: out, issues };
}

/** A row with no earlier dated row in its sequence: the sequence's own time, or the next row's when that is earlier. */
async function firstPlace(source: Source, table: string, zone: Zone, p: Placing, id: number, group: unknown, where: (op: string) => string, args: (...rest: unknown[]) => unknown[]) {
  const [next] = await source.query<{ id: number; t: string }>(`SELECT id, ${p.column} AS t FROM ${table} WHERE ${where('>')} AND ${dated(p.column)} ORDER BY id LIMIT 1`, args(id));
  const nextAt = next ? p.read(zone, next.t) : null;
  let own: { text: string; at: Date } | null = null;
  if (p.groupTime) {
    const [row] = await source.query<Record<string, unknown>>(p.groupTime.sql, [group]);
    for (const v of Object.values(row ?? {})) {
      const at = p.read(zone, v);
      if (at) {
        own = { text: String(v), at };
        break;
      }
    }
  }
  if (own && (!nextAt || own.at <= nextAt)) return { text: own.text, why: `placed at the time of ${p.groupTime!.name}, no ${p.noun} before it has one` };
  if (nextAt) return { text: next!.t, why: `placed at the time of ${p.noun} #${next!.id} after it, no ${p.noun} before it has one` };
  return null;
}

/** SQL: the row has no time in this column; a `--since` pass reads such rows again, as it cannot tell when they changed. */
export const undatedSql = (column: string) => `(${column} IS NULL OR NOT (${dated(column)}))`;

/** A DATETIME column's time, in the operator's zone. */
export const wallTime = (zone: Zone, value: unknown): Date | null => (value === null || value === undefined ? null : zone.instant(String(value)));
