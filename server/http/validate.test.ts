import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validationMessage } from './validate';

const schema = z.object({ data: z.object({ username: z.string().min(4), password: z.string().min(6), age: z.number().optional() }) });

describe('validationMessage', () => {
  it('lists each problem as {value, msg, param, location}, as express-validator did, with the zod code and limits', () => {
    const input = { data: { username: 'ab', password: 'secret12', age: 'old' } };
    const result = schema.safeParse(input);
    expect(result.success).toBe(false);
    const items = validationMessage(result.error!, input, 'body');
    expect(items).toEqual(
      expect.arrayContaining([
        { value: 'ab', msg: expect.any(String), param: 'data.username', location: 'body', code: 'too_small', minimum: 4 },
        { value: 'old', msg: expect.any(String), param: 'data.age', location: 'body', code: 'invalid_type' },
      ]),
    );
  });

  it('never echoes a password back', () => {
    const input = { data: { username: 'abcd', password: '123' } };
    const items = validationMessage(schema.safeParse(input).error!, input, 'body');
    expect(items).toEqual([{ value: undefined, msg: expect.any(String), param: 'data.password', location: 'body', code: 'too_small', minimum: 6 }]);
    expect(JSON.stringify(items)).not.toContain('123');
  });

  it('caps the list at ten items', () => {
    const wide = z.object(Object.fromEntries(Array.from({ length: 15 }, (_, i) => [`f${i}`, z.string()])));
    expect(validationMessage(wide.safeParse({}).error!, {}, 'query')).toHaveLength(10);
  });
});
