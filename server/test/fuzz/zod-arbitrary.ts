import fc from 'fast-check';
import type { ZodType } from 'zod';

/**
 * A fast-check arbitrary of values a zod (v4) schema should accept, read from the schema's own
 * definition (`_zod.def`): types, bounds, formats, enums, optional keys. Refinements and
 * transforms are not inverted, so a few values still fail validation: the fuzzer wants values
 * that get past the first checks and reach the services, not a proof of acceptance.
 * Ids and counts lean towards small numbers so they hit rows the fixtures created.
 */

interface Def {
  type: string;
  [key: string]: unknown;
}
interface CheckDef {
  check: string;
  format?: string;
  pattern?: RegExp;
  value?: number | bigint;
  inclusive?: boolean;
  minimum?: number;
  maximum?: number;
  length?: number;
}
type Schema = { _zod: { def: Def } };
interface Ctx {
  depth: number;
  hints: Record<string, fc.Arbitrary<unknown>>;
}

const defOf = (s: unknown): Def => (s as Schema)._zod.def;
const checksOf = (def: Def): CheckDef[] => ((def.checks as Array<{ _zod: { def: CheckDef } }> | undefined) ?? []).map((c) => c._zod.def);

/** Longest string or array the generator builds for a field without a smaller bound. */
const LONG = 64;
const MAX_ITEMS = 6;
/** How deep lazy (recursive) schemas are unrolled. */
const MAX_DEPTH = 4;

/** Whether a key of an object may be left out. */
export function isOptional(schema: unknown): boolean {
  const def = defOf(schema);
  if (def.type === 'optional' || def.type === 'default' || def.type === 'prefault') return true;
  if (def.type === 'pipe') return isOptional(def.in);
  if (def.type === 'nullable' || def.type === 'readonly' || def.type === 'catch') return isOptional(def.innerType);
  return false;
}

function stringArb(def: Def): fc.Arbitrary<string> {
  const checks = checksOf(def);
  let min = 0;
  let max = Infinity;
  let format: string | undefined = typeof def.format === 'string' ? def.format : undefined;
  let pattern: RegExp | undefined = def.pattern instanceof RegExp ? def.pattern : undefined;
  for (const c of checks) {
    if (c.check === 'min_length') min = Math.max(min, c.minimum ?? 0);
    if (c.check === 'max_length') max = Math.min(max, c.maximum ?? Infinity);
    if (c.check === 'length_equals') min = max = c.length ?? 0;
    if (c.check === 'string_format') {
      format = c.format;
      if (c.pattern instanceof RegExp) pattern = c.pattern;
    }
  }
  const fit = (s: string) => (s.length > max ? s.slice(0, max) : s);
  let base: fc.Arbitrary<string>;
  switch (format) {
    case 'email':
      // fast-check's addresses follow the RFC; zod's pattern is narrower, so follow the pattern.
      base = pattern ? fc.stringMatching(pattern).map(fit) : fc.emailAddress();
      break;
    case 'url':
      base = fc.webUrl({ withQueryParameters: true });
      break;
    case 'uuid':
    case 'guid':
      base = fc.uuid();
      break;
    case 'datetime':
      base = fc.date({ min: new Date(0), max: new Date(4102444800000), noInvalidDate: true }).map((d) => d.toISOString());
      break;
    case 'regex':
    case undefined:
      base = pattern
        ? fc.stringMatching(pattern).map(fit)
        : fc.oneof(
            { weight: 4, arbitrary: fc.string({ minLength: min, maxLength: Math.max(min, Math.min(max, LONG)) }) },
            { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.max(min, Math.min(max, LONG)) }) },
            // The boundary: exactly as long as allowed (capped so a 64 KiB field stays cheap).
            { weight: 1, arbitrary: fc.constantFrom('a', 'é', '漢', '😀').map((ch) => ch.repeat(Math.max(min, Math.min(max, 4096)))).map(fit) },
          );
      break;
    default:
      base = pattern ? fc.stringMatching(pattern).map(fit) : fc.string({ minLength: min, maxLength: Math.max(min, Math.min(max, LONG)) });
  }
  return base.map((s) => (s.length < min ? s.padEnd(min, 'a') : s)).map(fit);
}

function numberArb(def: Def): fc.Arbitrary<number> {
  let min = -Number.MAX_SAFE_INTEGER;
  let max = Number.MAX_SAFE_INTEGER;
  let int = false;
  for (const c of checksOf(def)) {
    if (c.check === 'number_format' && /int/.test(c.format ?? '')) int = true;
    if (c.check === 'greater_than') min = Math.max(min, Number(c.value) + (c.inclusive ? 0 : int ? 1 : Number.EPSILON));
    if (c.check === 'less_than') max = Math.min(max, Number(c.value) - (c.inclusive ? 0 : int ? 1 : Number.EPSILON));
  }
  if (int) {
    min = Math.ceil(Math.max(min, Number.MIN_SAFE_INTEGER));
    max = Math.floor(Math.min(max, Number.MAX_SAFE_INTEGER));
    if (min > max) return fc.constant(min);
    const small = fc.integer({ min: Math.max(min, -2), max: Math.min(max, Math.max(min, -2) + 40) });
    return fc.oneof({ weight: 3, arbitrary: small }, { weight: 1, arbitrary: fc.integer({ min: Math.max(min, -2_147_483_648), max: Math.min(max, 2_147_483_647) }) }, { weight: 1, arbitrary: fc.constantFrom(min, max) });
  }
  return fc.double({ min: Math.max(min, -1e12), max: Math.min(max, 1e12), noNaN: true, noDefaultInfinity: true });
}

function objectArb(def: Def, ctx: Ctx): fc.Arbitrary<Record<string, unknown>> {
  const shape = def.shape as Record<string, unknown>;
  const parts: Record<string, fc.Arbitrary<unknown>> = {};
  const required: string[] = [];
  for (const [key, field] of Object.entries(shape)) {
    const hint = ctx.hints[key];
    parts[key] = hint ? fc.oneof({ weight: 3, arbitrary: hint }, { weight: 1, arbitrary: build(field, ctx) }) : build(field, ctx);
    if (!isOptional(field)) required.push(key);
  }
  return fc.record(parts, { requiredKeys: required }) as fc.Arbitrary<Record<string, unknown>>;
}

function build(schema: unknown, ctx: Ctx): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return stringArb(def);
    case 'number':
    case 'int':
      return numberArb(def);
    case 'bigint':
      return fc.bigInt({ min: 0n, max: 1n << 40n }).map(String);
    case 'boolean':
      return fc.boolean();
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
    case 'never':
      return fc.constant(undefined);
    case 'date':
      return fc.date({ min: new Date(0), max: new Date(4102444800000), noInvalidDate: true }).map((d) => d.toISOString());
    case 'any':
    case 'unknown':
    case 'custom':
      return fc.jsonValue({ maxDepth: 2 });
    case 'object':
      return objectArb(def, ctx);
    case 'array': {
      let min = 0;
      let max = MAX_ITEMS;
      for (const c of checksOf(def)) {
        if (c.check === 'min_length') min = c.minimum ?? 0;
        if (c.check === 'max_length') max = Math.min(Math.max(min, MAX_ITEMS), c.maximum ?? MAX_ITEMS);
        if (c.check === 'length_equals') min = max = c.length ?? 0;
      }
      return fc.array(build(def.element, ctx), { minLength: min, maxLength: Math.max(min, max) });
    }
    case 'tuple':
      return fc.tuple(...(def.items as unknown[]).map((item) => build(item, ctx)));
    case 'record':
      return fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), build(def.valueType, ctx), { maxKeys: 4 });
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map((o) => build(o, ctx)));
    case 'intersection':
      return fc.tuple(build(def.left, ctx), build(def.right, ctx)).map(([a, b]) => (a && b && typeof a === 'object' && typeof b === 'object' ? { ...a, ...b } : b));
    case 'optional':
      return fc.option(build(def.innerType, ctx), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(build(def.innerType, ctx), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
    case 'success':
      return build(def.innerType, ctx);
    case 'lazy':
      return ctx.depth >= MAX_DEPTH ? fc.constant(null) : build((def.getter as () => unknown)(), { ...ctx, depth: ctx.depth + 1 });
    case 'pipe': {
      // `preprocess(fn, schema)` is pipe(transform, schema): what the inner schema takes is what it expects.
      const inDef = defOf(def.in);
      return inDef.type === 'transform' ? build(def.out, ctx) : build(def.in, ctx);
    }
    case 'transform':
      return fc.jsonValue({ maxDepth: 1 });
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

/**
 * Values shaped as `schema` expects (see the module comment for how close they come). `hints`
 * give, by field name, values a refinement wants that the definition cannot tell (known lists).
 */
export function arbitraryOf(schema: ZodType, hints: Record<string, fc.Arbitrary<unknown>> = {}): fc.Arbitrary<unknown> {
  return build(schema, { depth: 0, hints });
}

/** The object schema under preprocess/refine/default layers, if the schema is an object: its keys. */
export function objectShapeOf(schema: ZodType): Record<string, unknown> | null {
  let def = defOf(schema);
  for (let i = 0; i < 8; i++) {
    if (def.type === 'object') return def.shape as Record<string, unknown>;
    if (def.type === 'pipe') def = defOf(defOf(def.in).type === 'transform' ? def.out : def.in);
    else if (def.innerType) def = defOf(def.innerType);
    else return null;
  }
  return null;
}
