import { describe, expect, it } from 'vitest';
import { protocol } from '@electric-sql/pglite';
import { closeMessages, extendedQueryMessages } from './frontend-messages';

const { serialize } = protocol;
const joined = (parts: Uint8Array[]) => Buffer.concat(parts.map((p) => Buffer.from(p)));
const tail = [serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()];

/** Our messages are byte for byte what PGlite's own serializer writes for the same statement. */
describe('frontend messages', () => {
  it('writes bind with text, unicode, empty, null and binary values as PGlite does', () => {
    const values = ['plain', 'ünïcode 🎯 "quoted"', '', null, Buffer.from([0, 1, 254, 255]), 'x'.repeat(70_000)];
    const ours = extendedQueryMessages({ statement: 't12', values });
    expect(ours).toEqual(joined([serialize.bind({ statement: 't12', values: values as string[] }), ...tail]));
  });

  it('writes close and parse before the bind, and the unnamed statement', () => {
    const text = `select $1::text || 'é' as v`;
    const ours = extendedQueryMessages({ close: 't3', parse: { name: 't9', text }, statement: 't9', values: ['a'] });
    expect(ours).toEqual(joined([serialize.close({ type: 'S', name: 't3' }), serialize.parse({ name: 't9', text }), serialize.bind({ statement: 't9', values: ['a'] }), ...tail]));
    const unnamed = extendedQueryMessages({ parse: { name: '', text: 'select 1' }, statement: '', values: [] });
    expect(unnamed).toEqual(joined([serialize.parse({ text: 'select 1' }), serialize.bind({ values: [] }), ...tail]));
  });

  it('writes close then sync', () => {
    expect(closeMessages('t7')).toEqual(joined([serialize.close({ type: 'S', name: 't7' }), serialize.sync()]));
  });
});
