import type { Zone } from './zone';
import type { RowIssues } from './issues';

/**
 * JSON columns: MySQL gives them parsed, MariaDB as text (its JSON is LONGTEXT). Unparseable text
 * is reported and read as `fallback`.
 */
export function jsonColumn<T>(value: unknown, column: string, issues: RowIssues, fallback: T): T | unknown {
  if (value === null || value === undefined || value === '') return fallback;
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    issues.adjust(column, value, 'not valid JSON: read as empty');
    return fallback;
  }
}

/** A DATETIME of the original: text in its server's zone (mysql2 `dateStrings`). */
export function datetime(zone: Zone, value: unknown, column: string, issues: RowIssues): Date | null {
  if (value === null || value === undefined) return null;
  const at = zone.instant(String(value));
  if (!at) issues.adjust(column, value, 'not a date (zero or malformed)');
  return at;
}

/** A TIMESTAMP (stored in UTC; the import's session reads it in UTC). */
export function timestampUtc(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})/.exec(String(value));
  if (!m || m[1]!.startsWith('0000')) return null;
  const at = new Date(`${m[1]}T${m[2]}Z`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** A whole number in [min, max], else null. */
export function intIn(value: unknown, min: number, max: number): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  return Number.isInteger(n) && n >= min && n <= max ? n : null;
}

export const textOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));
