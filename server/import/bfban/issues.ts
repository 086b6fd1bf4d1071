/**
 * The report: what could not be mapped as it was. A row is refused (left out: the import ends
 * with a non-zero exit), skipped (left out on purpose: it has no place here) or taken with one
 * column changed; each is listed with the source's table, row key, column, value and why, never
 * dropped silently.
 */
export interface Issue {
  table: string;
  key: string;
  column: string;
  value: string | null;
  why: string;
  refused: boolean;
}

/** What a row mapper gives back: the mapped row (null when refused) and what it had to change. */
export interface Mapped<T> {
  row: T | null;
  issues: Issue[];
}

const VALUE_MAX = 300;

export const shown = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'string' ? value : value instanceof Date ? value.toISOString() : JSON.stringify(value);
  return text.length > VALUE_MAX ? `${text.slice(0, VALUE_MAX)}…` : text;
};

/** Issues of one source row: `adjust` keeps the row, `refuse` leaves it out. */
export function issuesOf(table: string, key: string | number) {
  const list: Issue[] = [];
  let refused = false;
  let skipped = false;
  return {
    list,
    /** The row is left out (refused or skipped). */
    get refused() {
      return refused || skipped;
    },
    skip(column: string, value: unknown, why: string) {
      skipped = true;
      list.push({ table, key: String(key), column, value: shown(value), why, refused: false });
    },
    adjust(column: string, value: unknown, why: string) {
      list.push({ table, key: String(key), column, value: shown(value), why, refused: false });
    },
    refuse(column: string, value: unknown, why: string) {
      refused = true;
      list.push({ table, key: String(key), column, value: shown(value), why, refused: true });
    },
  };
}
export type RowIssues = ReturnType<typeof issuesOf>;
