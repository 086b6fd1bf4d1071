import fc from 'fast-check';

/**
 * Deliberately wrong input: values of the wrong type, sizes and shapes a schema does not expect,
 * and ways to put them into an otherwise well-formed value.
 */

/** An object with an own key that object literals cannot hold (`__proto__`) or that shadows a built-in. */
export function withOwnKey(target: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...target };
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', 'then', 'toJSON', 'length'] as const;

/** Strings that trip parsers, SQL, HTML, regexes, number readers and Unicode handling. */
const NASTY_STRINGS = [
  '',
  ' ',
  '0',
  '-1',
  '1e3',
  ' 1 ',
  '0x10',
  '1_000',
  'NaN',
  'Infinity',
  '-0',
  '9'.repeat(40),
  '2147483648',
  '9007199254740993',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  "' OR 1=1 --",
  '%',
  '_',
  '\\',
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '{{constructor.constructor("x")()}}',
  '${7*7}',
  '\u202Eevil',
  '\uFEFF',
  '\uD800',
  '\uDFFF\uD800',
  'e\u0301\u0301\u0301',
  '😀'.repeat(50),
  '\r\nX-Injected: 1',
  'a'.repeat(255) + '@' + 'b'.repeat(255) + '.com',
  '(a+)+$',
  'case:1',
  'user:1',
];

const nastyNumber = fc.constantFrom(0, -0, -1, 1.5, -2_147_483_649, 2_147_483_648, 2 ** 53, 2 ** 53 + 2, 1e21, -1e21, Number.MAX_VALUE, Number.MIN_VALUE, 1e-7, 0.1);

/** Nested arrays (or objects) `depth` levels deep, as JSON text (JSON.stringify would recurse as deep). */
export function deepJson(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array' ? '['.repeat(depth) + '1' + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

/** A marker replaced in the serialised body by nested JSON that would be costly to build as objects. */
export const DEEP_MARKER = '\u0001deep\u0001';

/** One wrong value, of any kind. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom<unknown>(null, true, false, ...NASTY_STRINGS) },
  { weight: 2, arbitrary: nastyNumber },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 200_000 }).map((n) => 'x'.repeat(n)) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 30 }).map((n) => '9'.repeat(n + 10)) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>([], [1], ['a', 'b'], [[[]]], [null], Array.from({ length: 2000 }, (_, i) => i)) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>({}, { $gt: '' }, { length: 1e9 }, { toString: 'x' }, { 0: 'a', length: 1 }, { length: { toString: null, valueOf: null } }) },
  { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS).map((k) => withOwnKey({}, k, { polluted: true })) },
  { weight: 1, arbitrary: fc.constantFrom(`${DEEP_MARKER}array`, `${DEEP_MARKER}object`) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Text of any value, even one whose own `toString` is not a function. */
const textOf = (v: unknown): string => (v && typeof v === 'object' ? (JSON.stringify(v) ?? '') : String(v));

/** The same value in another type: a number as a string, a scalar in an array, and back. */
export function retype(value: unknown, how: number): unknown {
  switch (how % 6) {
    case 0:
      return typeof value === 'string' ? (Number.isNaN(Number(value)) ? value.length : Number(value)) : textOf(value);
    case 1:
      return [value];
    case 2:
      return { value };
    case 3:
      return Array.isArray(value) ? value[0] : value === null ? 'null' : null;
    case 4:
      return typeof value === 'number' ? `${value}` : typeof value === 'boolean' ? Number(value) : JSON.stringify(value) ?? 'undefined';
    default:
      return typeof value === 'string' ? value.repeat(Math.max(2, Math.ceil(70_000 / Math.max(1, value.length)))).slice(0, 70_000) : value;
  }
}

/** Every path (list of keys) in a JSON-like value, the root included. */
export function pathsOf(value: unknown, prefix: Array<string | number> = [], out: Array<Array<string | number>> = []): Array<Array<string | number>> {
  out.push(prefix);
  if (prefix.length > 8 || !value || typeof value !== 'object') return out;
  for (const [k, v] of Object.entries(value)) pathsOf(v, [...prefix, Array.isArray(value) ? Number(k) : k], out);
  return out;
}

function setAt(root: unknown, path: Array<string | number>, put: (old: unknown, parent: Record<string, unknown>, key: string | number) => unknown): unknown {
  if (path.length === 0) return put(root, {}, '');
  const copy = Array.isArray(root) ? [...root] : { ...(root as Record<string, unknown>) };
  const [head, ...rest] = path;
  const old = (copy as Record<string | number, unknown>)[head!];
  if (rest.length === 0) {
    const next = put(old, copy as Record<string, unknown>, head!);
    if (next === REMOVE) {
      if (Array.isArray(copy)) copy.splice(Number(head), 1);
      else delete (copy as Record<string, unknown>)[head!];
      return copy;
    }
    if (typeof head === 'string' && (PROTOTYPE_KEYS as readonly string[]).includes(head)) return withOwnKey(copy as Record<string, unknown>, head, next);
    (copy as Record<string | number, unknown>)[head!] = next;
    return copy;
  }
  (copy as Record<string | number, unknown>)[head!] = setAt(old, rest, put);
  return copy;
}

const REMOVE = Symbol('remove');

export interface Mutation {
  /** Which path (index into pathsOf, modulo its length). */
  at: number;
  kind: 'replace' | 'retype' | 'remove' | 'protoKey' | 'extraKey';
  value: unknown;
  how: number;
  key: string;
}

export const mutationArb: fc.Arbitrary<Mutation> = fc.record({
  at: fc.nat(),
  kind: fc.constantFrom<Mutation['kind']>('replace', 'replace', 'retype', 'remove', 'protoKey', 'extraKey'),
  value: hostileValue,
  how: fc.nat(),
  key: fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string({ maxLength: 12 })),
});

/** The value with one mutation applied at one of its paths. */
export function mutate(value: unknown, m: Mutation): unknown {
  const paths = pathsOf(value);
  const path = paths[m.at % paths.length]!;
  switch (m.kind) {
    case 'replace':
      return setAt(value, path, () => m.value);
    case 'retype':
      return setAt(value, path, (old) => retype(old, m.how));
    case 'remove':
      return path.length ? setAt(value, path, () => REMOVE) : undefined;
    case 'protoKey':
    case 'extraKey':
      return setAt(value, path, (old) => {
        const key = m.kind === 'protoKey' ? PROTOTYPE_KEYS[m.how % PROTOTYPE_KEYS.length]! : m.key;
        return old && typeof old === 'object' && !Array.isArray(old) ? withOwnKey(old as Record<string, unknown>, key, m.value) : withOwnKey({}, key, old);
      });
  }
}

/** JSON text of a value, with the deep-nesting markers expanded. */
export function toJsonText(value: unknown): string {
  const text = JSON.stringify(value) ?? 'null';
  return text
    .replaceAll(JSON.stringify(`${DEEP_MARKER}array`), deepJson(5_000, 'array'))
    .replaceAll(JSON.stringify(`${DEEP_MARKER}object`), deepJson(5_000, 'object'));
}
