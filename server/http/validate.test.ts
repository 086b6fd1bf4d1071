import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { unstorableText, validationMessage } from './validate';

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

describe('unstorableText', () => {
  const at = (value: unknown) => {
    const found = unstorableText(value);
    return found && [found.path, found.code];
  };

  it('finds a NUL in any string or key, at any depth, and nothing in clean input', () => {
    expect(at({ data: { content: 'a\u0000b' } })).toEqual(['data.content', 'nul_character']);
    expect(at({ list: ['ok', 'n\u0000'] })).toEqual(['list.1', 'nul_character']);
    expect(at({ ['k\u0000']: 1 })).toEqual(['k\\u0000', 'nul_character']);
    expect(at('\u0000')).toEqual(['(value)', 'nul_character']);
    expect(at({ data: { content: 'plain', n: 1, b: null, nested: [{ x: 'y' }] } })).toBeNull();
  });

  it('finds half of a surrogate pair (either half, at either end), and lets whole pairs through', () => {
    expect(at({ data: { content: 'hi \ud800 there' } })).toEqual(['data.content', 'lone_surrogate']);
    expect(at({ data: { content: '\udfff' } })).toEqual(['data.content', 'lone_surrogate']);
    expect(at({ data: { content: 'cut emoji \ud83c' } })).toEqual(['data.content', 'lone_surrogate']);
    expect(at({ data: { content: '\ude00 reversed \ud83d' } })).toEqual(['data.content', 'lone_surrogate']);
    expect(at({ ['k\udc00']: 1 })).toEqual(['k\\udc00', 'lone_surrogate']);
    expect(at({ data: { content: 'whole pairs 😀🎯 and 𝔸', name: '狙击 – ü' } })).toBeNull();
  });
});
