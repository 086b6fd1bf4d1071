import type { ZodError } from 'zod';

/**
 * Validation failures in the shape old clients print (`param: msg`, express-validator style), plus
 * the zod issue `code` and its limits so a client can show the message in the user's language.
 */
export function validationMessage(error: ZodError, input: unknown, location: 'query' | 'body') {
  return error.issues.slice(0, 10).map((issue) => {
    const param = issue.path.join('.');
    let value: unknown = input;
    for (const key of issue.path) value = value && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key as PropertyKey] : undefined;
    if (/password/i.test(param)) value = undefined;
    const limits = issue as { minimum?: unknown; maximum?: unknown };
    return {
      value,
      msg: issue.message,
      param,
      location,
      code: issue.code,
      ...(limits.minimum !== undefined ? { minimum: Number(limits.minimum) } : {}),
      ...(limits.maximum !== undefined ? { maximum: Number(limits.maximum) } : {}),
    };
  });
}
