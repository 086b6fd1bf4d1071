import type { Zone } from './zone';
import type { RowIssues } from './issues';

const NUL = /\u0000/g;

const hasNul = (value: unknown): boolean =>
  typeof value === 'string' ? value.includes('\u0000') : typeof value === 'object' && value !== null && !(value instanceof Date) && JSON.stringify(value).includes('\\u0000');

/** `value` without NUL in any of its texts (a parsed JSON column's too, keys included). */
function stripNul(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(NUL, '');
  if (Array.isArray(value)) return value.map(stripNul);
  if (typeof value === 'object' && value !== null && !(value instanceof Date)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.replace(NUL, ''), stripNul(v)]));
  return value;
}

const NUL_REMOVED = 'NUL characters removed (PostgreSQL text cannot hold them)';
const shownNul = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value)).replace(NUL, '\\0').replace(/\\u0000/g, '\\0');

/**
 * The row with NUL removed from every text: PostgreSQL's text and JSON cannot hold it (the whole
 * batch would fail), MySQL's can. Each column changed so is reported, the NUL shown as `\0`.
 */
export function withoutNul(raw: Record<string, unknown>, issues: RowIssues): Record<string, unknown> {
  let out: Record<string, unknown> | null = null;
  for (const [column, value] of Object.entries(raw)) {
    if (!hasNul(value)) continue;
    out ??= { ...raw };
    out[column] = stripNul(value);
    issues.adjust(column, shownNul(value), NUL_REMOVED);
  }
  return out ?? raw;
}

/**
 * JSON columns: MySQL gives them parsed, MariaDB as text (its JSON is LONGTEXT). Unparseable text
 * is reported and read as `fallback`.
 */
export function jsonColumn<T>(value: unknown, column: string, issues: RowIssues, fallback: T): T | unknown {
  if (value === null || value === undefined || value === '') return fallback;
  if (typeof value !== 'string') return value;
  try {
    const parsed = JSON.parse(value) as unknown;
    // A NUL written as the escape \u0000 (MariaDB's JSON is text: the row's NUL were removed before).
    if (!hasNul(parsed)) return parsed;
    issues.adjust(column, shownNul(value), NUL_REMOVED);
    return stripNul(parsed);
  } catch {
    issues.adjust(column, value, 'not valid JSON: read as empty');
    return fallback;
  }
}

/**
 * A JSON column meant to hold a list: some rows hold a JSON string instead (`"bfv"`,
 * `"aimbot,wallhack"`), read as a comma-separated list and reported.
 */
export function jsonList(value: unknown, column: string, issues: RowIssues): unknown {
  const v = jsonColumn(value, column, issues, []);
  if (typeof v !== 'string') return v;
  issues.adjust(column, v, 'a text, not a list: read as a comma-separated list');
  return v.split(',').map((s) => s.trim()).filter(Boolean);
}

/** A link the site would take: http(s) only; any other (`javascript:`, `data:`) is reported and left out. */
export function httpLink(value: unknown, column: string, issues: RowIssues): string | null {
  const link = textOrNull(value)?.trim();
  if (!link) return null;
  if (/^https?:\/\//i.test(link)) return link;
  issues.adjust(column, link, 'not an http(s) link: left out');
  return null;
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
