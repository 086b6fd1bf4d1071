import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { nulCharacterPath, validationMessage } from './validate';

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

describe('what a refusal echoes', () => {
  it('cuts long strings to a short excerpt and never echoes objects or arrays', () => {
    const s = z.object({ name: z.number(), list: z.string(), obj: z.string() });
    const input = { name: 'x'.repeat(1_000_000), list: ['a', 'b'], obj: { __proto__x: 1, deep: { a: 1 } } };
    const items = validationMessage(s.safeParse(input).error!, input, 'body');
    const byParam = Object.fromEntries(items.map((i) => [i.param, i.value]));
    expect(byParam.name).toBe(`${'x'.repeat(64)}…`);
    expect(byParam.list).toBeUndefined();
    expect(byParam.obj).toBeUndefined();
    expect(JSON.stringify(items).length).toBeLessThan(1_000);
  });
});

describe('nulCharacterPath', () => {
  it('finds a NUL in any string or key, at any depth, and nothing in clean input', () => {
    expect(nulCharacterPath({ data: { content: 'a\u0000b' } })).toBe('data.content');
    expect(nulCharacterPath({ list: ['ok', 'n\u0000'] })).toBe('list.1');
    expect(nulCharacterPath({ ['k\u0000']: 1 })).toBe('k\\0');
    expect(nulCharacterPath('\u0000')).toBe('(value)');
    expect(nulCharacterPath({ data: { content: 'plain', n: 1, b: null, nested: [{ x: 'y' }] } })).toBeNull();
  });
});
