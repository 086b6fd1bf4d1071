import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LIMITS } from '../limits';
import { safeParseInput } from './safe-parse-input';

const schema = z.object({ data: z.array(z.object({ name: z.string().min(1).max(8) })).min(1).max(3) });
/** What a crafted JSON body parses into: an object in place of a list or a text, whose `length` cannot be compared. */
const uncomparable = { toString: null, valueOf: null };
const nestedArrays = (levels: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < levels; i++) v = [v];
  return v;
};

describe('safeParseInput', () => {
  it('parses what the schema takes, and refuses what it refuses, as safeParse does', () => {
    expect(safeParseInput(schema, { data: [{ name: 'ann' }] })).toEqual({ success: true, data: { data: [{ name: 'ann' }] } });
    const refused = safeParseInput(schema, { data: [] });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({ code: 'too_small', path: ['data'] });
  });

  it('refuses, without throwing, a length that cannot be compared where zod would throw', () => {
    for (const value of [{ data: { length: uncomparable } }, { data: [{ name: { length: uncomparable } }] }]) {
      expect(() => schema.safeParse(value)).toThrow();
      const result = safeParseInput(schema, value);
      expect(result.success).toBe(false);
      expect(result.error?.issues).toEqual([expect.objectContaining({ code: 'custom', path: [], message: 'has a shape no field takes' })]);
    }
  });

  it(`refuses a value nested more than ${LIMITS.jsonDepthMax} levels deep unread, and reads one at the limit`, () => {
    const deep = { data: { length: nestedArrays(5_000) } };
    expect(safeParseInput(schema, deep).error?.issues[0]?.message).toBe(`nests more than ${LIMITS.jsonDepthMax} levels deep`);
    const atLimit = safeParseInput(schema, { data: { length: nestedArrays(LIMITS.jsonDepthMax - 2) } });
    expect(atLimit.error?.issues[0]).toMatchObject({ path: ['data'] });
    expect(atLimit.error?.issues[0]?.code).not.toBe('custom');
  });
});
