import { z } from 'zod';
import { LIMITS } from '../limits';
import { nestsDeeperThan } from '../json-depth';

const refused = <T>(value: unknown, message: string): z.ZodSafeParseResult<T> => ({
  success: false,
  error: new z.ZodError([{ code: 'custom', path: [], message, input: value }]) as z.ZodError<T>,
});

/**
 * `schema.safeParse(value)` for input from outside, which never throws. Zod measures a `length` it
 * finds even on a value of the wrong type: a crafted one (an object whose `toString` is null, arrays
 * nested thousands deep) made that comparison throw, and the request answered 500. Such input now
 * fails like any other, and a value nested deeper than `LIMITS.jsonDepthMax` is refused unread.
 */
export function safeParseInput<T>(schema: z.ZodType<T>, value: unknown): z.ZodSafeParseResult<T> {
  if (nestsDeeperThan(value, LIMITS.jsonDepthMax)) return refused(value, `nests more than ${LIMITS.jsonDepthMax} levels deep`);
  try {
    return schema.safeParse(value);
  } catch {
    return refused(value, 'has a shape no field takes');
  }
}
