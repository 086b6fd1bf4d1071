import type { ZodError } from 'zod';

/** Validation failures in the shape old clients print (`param: msg`, express-validator style). */
export function validationMessage(error: ZodError, input: unknown, location: 'query' | 'body') {
  return error.issues.slice(0, 10).map((issue) => {
    const param = issue.path.join('.');
    let value: unknown = input;
    for (const key of issue.path) value = value && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key as PropertyKey] : undefined;
    if (/password/i.test(param)) value = undefined;
    return { value, msg: issue.message, param, location };
  });
}
