import type { ZodError } from 'zod';

/** Longest excerpt of a refused value echoed back: enough to recognise it, never the whole input. */
const EXCERPT = 64;

/** What of a refused value is echoed: short scalars as they were, long strings cut, never objects or arrays. */
function excerptOf(value: unknown): unknown {
  if (typeof value === 'string') return value.length > EXCERPT ? `${value.slice(0, EXCERPT)}…` : value;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return value;
  return undefined;
}

/**
 * Validation failures in the shape old clients print (`param: msg`, express-validator style), plus
 * the zod issue `code` and its limits so a client can show the message in the user's language.
 * Each names the failing path; values are echoed only as short excerpts.
 */
export function validationMessage(error: ZodError, input: unknown, location: 'query' | 'body') {
  return error.issues.slice(0, 10).map((issue) => {
    const param = issue.path.join('.');
    let value: unknown = input;
    for (const key of issue.path) value = value && typeof value === 'object' && Object.hasOwn(value, key) ? (value as Record<PropertyKey, unknown>)[key as PropertyKey] : undefined;
    if (/password/i.test(param)) value = undefined;
    const limits = issue as { minimum?: unknown; maximum?: unknown };
    return {
      value: excerptOf(value),
      msg: issue.message,
      param,
      location,
      code: issue.code,
      ...(limits.minimum !== undefined ? { minimum: Number(limits.minimum) } : {}),
      ...(limits.maximum !== undefined ? { maximum: Number(limits.maximum) } : {}),
    };
  });
}

/**
 * The path of the first string (or key) holding a NUL character. PostgreSQL refuses 0x00 in text,
 * and no field of ours has a use for it: such input is refused before it reaches a query.
 */
export function nulCharacterPath(value: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || '(value)' : null;
  if (!value || typeof value !== 'object' || depth > 64) return null;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key.replace(/\u0000/g, '\\0')].join('.');
    const found = nulCharacterPath(inner, [...path, key], depth + 1);
    if (found !== null) return found;
  }
  return null;
}
