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

/** One field refused by a rule checked beside its schema (it needs the server's settings), shaped as `validationMessage`'s items. */
export function fieldIssue(location: 'query' | 'body', param: string, value: unknown, code: string, msg: string, extra: Record<string, unknown> = {}) {
  return { value: excerptOf(value), msg, param, location, code, ...extra };
}

/** Text PostgreSQL cannot store: NUL (refused in text) and a surrogate without its pair (refused in JSON). */
const UNSTORABLE: Array<{ pattern: RegExp; code: 'nul_character' | 'lone_surrogate'; msg: string }> = [
  { pattern: /\u0000/, code: 'nul_character', msg: 'must not contain a NUL character' },
  { pattern: /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/, code: 'lone_surrogate', msg: 'must not contain half of a UTF-16 surrogate pair' },
];

export interface UnstorableText {
  path: string;
  code: 'nul_character' | 'lone_surrogate';
  msg: string;
}

const problemOf = (text: string) => UNSTORABLE.find((u) => u.pattern.test(text));

/**
 * The first string (or key) holding text no field of ours can store, at any depth: a NUL
 * character, or half of a surrogate pair (JSON may escape one, `"\ud800"`; no UTF-8 encodes it).
 * Such input is refused before it reaches a query, where it would fail the statement.
 */
export function unstorableText(value: unknown, path: string[] = [], depth = 0): UnstorableText | null {
  if (typeof value === 'string') {
    const problem = problemOf(value);
    return problem ? { path: path.join('.') || '(value)', code: problem.code, msg: problem.msg } : null;
  }
  if (!value || typeof value !== 'object' || depth > 64) return null;
  for (const [key, inner] of Object.entries(value)) {
    const problem = problemOf(key);
    if (problem) return { path: [...path, JSON.stringify(key).slice(1, -1)].join('.'), code: problem.code, msg: problem.msg };
    const found = unstorableText(inner, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}
