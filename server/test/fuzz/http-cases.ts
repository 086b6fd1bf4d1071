import fc from 'fast-check';
import type { AnyRoute } from '@server/http/route';
import { CHEAT_METHODS, GAMES } from '@shared/games';
import { arbitraryOf } from './zod-arbitrary';
import { hostileValue, mutate, mutationArb, PROTOTYPE_KEYS, toJsonText } from './hostile';
import type { RoleName } from './actors';

/**
 * One generated HTTP request against one route: everything a client controls (path parameters,
 * query, headers, body bytes and type) and who sends it. Plain data, so a failing case prints as
 * its own reproducer.
 */
export interface HttpCase {
  kind: CaseKind;
  method: string;
  path: string;
  role: RoleName;
  /** How the x-access-token header is sent; `role` uses the role's real token. */
  token: TokenStyle;
  headers: Record<string, string>;
  body?: { contentType?: string; text?: string; base64?: string };
  /** Refused uploads and oversize bodies may be cut before the server reads all we send. */
  mayReset?: boolean;
  /** The route's success is a bare JSON array, not the envelope (`success.bareArray`). */
  bareArray?: boolean;
}

export type CaseKind = 'valid' | 'mutated' | 'rootValue' | 'badJson' | 'contentType' | 'encoding' | 'invalidUtf8' | 'megabyte' | 'oversize' | 'queryShape' | 'multipart' | 'rawBytes';

export type TokenStyle = 'role' | 'garbage' | 'algNone' | 'otherSecret' | 'oddPayload' | 'expired' | 'noSuchUser' | 'twoHeaders';

/** Values refinements want that a schema's definition cannot tell. */
const HINTS: Record<string, fc.Arbitrary<unknown>> = {
  cheatMethods: fc.subarray([...CHEAT_METHODS], { minLength: 1, maxLength: 4 }),
  game: fc.constantFrom(...GAMES),
  captcha: fc.constant(undefined),
  SKIP_CAPTCHA: fc.constantFrom(true, 'true'),
};

/** Bytes that are not UTF-8: a lone continuation byte, an overlong slash, a surrogate, 0xFF. */
const BAD_UTF8 = [Buffer.from([0xff, 0xfe]), Buffer.from([0xc0, 0xaf]), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from([0x80]), Buffer.from([0xf4, 0x90, 0x80, 0x80]), Buffer.from([0xe2, 0x82])];

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=xyz',
  'application/json; charset=utf-16',
  'application/json; charset=koi8-r',
  'application/json; charset=no-such-charset',
  'application/octet-stream',
  'application/xml',
  'application/merge-patch+json',
  'application/json, text/plain',
  'application/json;;;',
  ';',
  'image/png',
];

/**
 * Longest query string (and path parameter) sent: URLs past Node's 16 KiB header limit are refused
 * by Node itself (431) before the application sees them; that answer is tested on its own.
 */
const MAX_QUERY = 7_000;

/** Bytes as UTF-8, percent-encoded (lone surrogates become U+FFFD instead of throwing). */
export function percentEncode(s: string): string {
  return [...Buffer.from(s, 'utf8')].map((b) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`)).join('');
}

const scalarText = (v: unknown): string => (typeof v === 'string' ? v : v === undefined ? '' : typeof v === 'object' ? (JSON.stringify(v) ?? '') : String(v));

/** A query object as a query string; `style` picks how arrays travel (repeated key, `key[]`, commas). */
export function toQueryString(query: unknown, style: number): string {
  if (!query || typeof query !== 'object' || Array.isArray(query)) return query === undefined ? '' : `q=${percentEncode(scalarText(query))}`;
  const parts: string[] = [];
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined) continue;
    const key = percentEncode(k);
    if (Array.isArray(v)) {
      if (style % 3 === 0) for (const x of v) parts.push(`${key}=${percentEncode(scalarText(x))}`);
      else if (style % 3 === 1) for (const x of v) parts.push(`${key}%5B%5D=${percentEncode(scalarText(x))}`);
      else parts.push(`${key}=${percentEncode(v.map(scalarText).join(','))}`);
    } else parts.push(`${key}=${percentEncode(scalarText(v))}`);
  }
  return parts.join('&');
}

/** Query strings no object turns into: odd keys, bad escapes, repeated scalars, nested brackets. */
const oddQuery = fc.oneof(
  fc.constantFrom(...PROTOTYPE_KEYS).map((k) => `${k}=1&${k}[]=2&${k}[a]=3`),
  fc.constantFrom('%', '%E0%A4%A', '%FF%FE=%C0%AF', 'a=%00', '=&=&&', 'a[b][c][d]=1', 'a[]=1&a=2&a[]=3', '&&&&', 'a=1;b=2', '%25%32%35'),
  fc.tuple(fc.constantFrom('id', 'skip', 'limit', 'dbId', 'personaId', 'userId', 'game', 'status', 'room', 'type', 'param', 'name', 'order', 'sortBy', 'subject'), hostileValue).map(([k, v]) => `${k}=${percentEncode(scalarText(v)).slice(0, MAX_QUERY)}&${k}=2`),
);

/** A multipart body with one part, well or badly formed. */
function multipart(field: string, bytes: Buffer, boundary: string, broken: boolean): { contentType: string; base64: string } {
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="f.png"\r\nContent-Type: image/png\r\n\r\n`;
  const tail = broken ? '' : `\r\n--${boundary}--\r\n`;
  return { contentType: `multipart/form-data; boundary=${boundary}`, base64: Buffer.concat([Buffer.from(head), bytes, Buffer.from(tail)]).toString('base64') };
}
const PNG_HEAD = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

const tokenStyle = fc.oneof(
  { weight: 12, arbitrary: fc.constant<TokenStyle>('role') },
  { weight: 1, arbitrary: fc.constantFrom<TokenStyle>('garbage', 'algNone', 'otherSecret', 'oddPayload', 'expired', 'noSuchUser', 'twoHeaders') },
);

/** Other headers a client sets: languages, caches, ranges, cookies, forwarding chains. */
const extraHeaders: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { weight: 6, arbitrary: fc.constant({}) },
  {
    weight: 1,
    arbitrary: fc.record(
      {
        'accept-language': fc.constantFrom('zh-CN,zh;q=0.9', '*', 'xx-YY;q=abc', ',,,', 'a'.repeat(500)),
        'if-none-match': fc.constantFrom('*', '"x"', 'W/"1", W/"2"'),
        'if-modified-since': fc.constantFrom('yesterday', 'Thu, 01 Jan 1970 00:00:00 GMT', '9999-99-99'),
        range: fc.constantFrom('bytes=0-0', 'bytes=-1', 'bytes=5-1', 'bytes=0-1,2-3,4-5', 'lines=1-2', 'bytes=99999999999999999999-'),
        'content-range': fc.constantFrom('bytes 0-0/1', 'bytes 5-1/2', 'bytes */*', 'garbage', 'bytes 0-99999999999/99999999999'),
        cookie: fc.constantFrom('a=b', 'access-token=x; x-access-token=y', '=;=;', 'lang=%'),
        accept: fc.constantFrom('text/html', '*/*', 'application/xml', 'image/webp'),
      },
      { requiredKeys: [] },
    ),
  },
);

export interface RouteCaseOptions {
  /** Roles whose token passes the route's policy: most cases use one of them, to go past the door. */
  allowed: RoleName[];
  all: RoleName[];
}

/** The route's path with its parameters filled in. */
const pathArb = (route: AnyRoute): fc.Arbitrary<string> => {
  if (!route.path.includes(':')) return fc.constant(`/api${route.path}`);
  const param = fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/), hostileValue.map(scalarText), fc.string({ minLength: 65, maxLength: 200 }));
  return param.map((p) => `/api${route.path.replace(/:[a-zA-Z]+/g, percentEncode(p || 'x').slice(0, MAX_QUERY))}`);
};

/** Every kind of request for one route: shaped by its schemas, then broken in each way a client can break it. */
export function routeCaseArb(route: AnyRoute, opts: RouteCaseOptions): fc.Arbitrary<HttpCase> {
  const queryArb = route.query ? arbitraryOf(route.query, HINTS) : fc.constant(undefined);
  const bodyArb = route.body ? arbitraryOf(route.body, HINTS) : fc.constant(undefined);
  const role = opts.allowed.length ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...opts.allowed) }, { weight: 1, arbitrary: fc.constantFrom(...opts.all) }) : fc.constantFrom(...opts.all);
  const sendsBody = route.method !== 'get';
  const upload = route.path === '/service/upload' || route.path.startsWith('/service/uploadSession');

  const common = fc.record({ path: pathArb(route), role, token: tokenStyle, headers: extraHeaders, style: fc.nat(), query: queryArb, body: bodyArb });
  type Common = typeof common extends fc.Arbitrary<infer T> ? T : never;
  const base = (c: Common, kind: CaseKind, body?: HttpCase['body'], query = c.query, extra: Partial<HttpCase> = {}): HttpCase => {
    const qs = toQueryString(query, c.style).slice(0, MAX_QUERY);
    return { kind, method: route.method, path: qs ? `${c.path}?${qs}` : c.path, role: c.role, token: c.token, headers: c.headers, ...(body ? { body } : {}), ...(route.success.bareArray ? { bareArray: true } : {}), ...extra };
  };
  const json = (v: unknown) => (v === undefined ? undefined : { contentType: 'application/json', text: toJsonText(v) });

  const kinds: Array<{ weight: number; arbitrary: fc.Arbitrary<HttpCase> }> = [
    { weight: 30, arbitrary: common.map((c) => base(c, 'valid', sendsBody ? json(c.body) : undefined)) },
    {
      weight: 40,
      arbitrary: fc.tuple(common, fc.array(mutationArb, { minLength: 1, maxLength: 3 }), fc.boolean()).map(([c, ms, onQuery]) => {
        let q: unknown = c.query ?? {};
        let b: unknown = c.body ?? {};
        for (const m of ms) {
          if (onQuery || !sendsBody) q = mutate(q, m);
          else b = mutate(b, m);
        }
        return base(c, 'mutated', sendsBody ? json(b) : undefined, q);
      }),
    },
    { weight: 10, arbitrary: fc.tuple(common, oddQuery).map(([c, q]) => ({ ...base(c, 'queryShape', sendsBody ? json(c.body) : undefined), path: `${c.path}?${q}` })) },
  ];
  if (sendsBody || route.method === 'get') {
    kinds.push(
      { weight: 5, arbitrary: fc.tuple(common, hostileValue).map(([c, v]) => base(c, 'rootValue', { contentType: 'application/json', text: toJsonText(v) })) },
      {
        weight: 5,
        arbitrary: fc.tuple(common, fc.nat(), fc.constantFrom('', '{', '{"data":', '[1,', '{"a":1}}', "{'a':1}", '{"a":01}', '{"a":NaN}', '\u0000', 'null', '"str"', '1e999')).map(([c, cut, tail]) => {
          const text = toJsonText(c.body ?? {});
          return base(c, 'badJson', { contentType: 'application/json', text: text.slice(0, text.length ? cut % text.length : 0) + tail });
        }),
      },
      { weight: 5, arbitrary: fc.tuple(common, fc.constantFrom(...CONTENT_TYPES)).map(([c, type]) => base(c, 'contentType', { contentType: type, text: toJsonText(c.body ?? {}) })) },
      {
        weight: 5,
        arbitrary: fc.tuple(common, fc.constantFrom('gzip', 'deflate', 'br', 'compress', 'identity, gzip')).map(([c, enc]) => ({
          ...base(c, 'encoding', { contentType: 'application/json', text: toJsonText(c.body ?? {}) }),
          headers: { ...c.headers, 'content-encoding': enc },
        })),
      },
      {
        weight: 5,
        arbitrary: fc.tuple(common, fc.constantFrom(...BAD_UTF8), fc.nat()).map(([c, bad, at]) => {
          const text = Buffer.from(toJsonText(c.body ?? { data: { content: 'x' } }));
          // Inside a string when there is one: after the first quote past `at`.
          const quote = text.indexOf(0x22, at % Math.max(1, text.length));
          const cut = quote >= 0 ? quote + 1 : text.length;
          return base(c, 'invalidUtf8', { contentType: 'application/json', base64: Buffer.concat([text.subarray(0, cut), bad, text.subarray(cut)]).toString('base64') });
        }),
      },
      {
        weight: 5,
        arbitrary: fc.tuple(common, fc.nat()).map(([c, at]) => {
          // One string (or the whole body) replaced by a 1 MB one: under the 2 MB body limit.
          const big = 'm'.repeat(1_000_000);
          const body = mutate(c.body ?? {}, { at, kind: 'replace', value: big, how: 0, key: '' });
          return base(c, 'megabyte', { contentType: 'application/json', text: toJsonText(body && typeof body === 'object' ? body : { data: big }) });
        }),
      },
      { weight: 1, arbitrary: common.map((c) => base(c, 'oversize', { contentType: 'application/json', text: JSON.stringify({ data: 'o'.repeat(2_200_000) }) }, c.query, { mayReset: true })) },
      {
        weight: 5,
        arbitrary: fc.tuple(common, fc.uint8Array({ maxLength: 512 })).map(([c, bytes]) => base(c, 'rawBytes', { contentType: 'application/octet-stream', base64: Buffer.from(bytes).toString('base64') }, c.query, { mayReset: upload })),
      },
    );
  }
  if (upload) {
    kinds.push({
      weight: 20,
      arbitrary: fc.tuple(common, fc.constantFrom('file', 'files', '', 'file[]', '__proto__'), fc.uint8Array({ maxLength: 2048 }), fc.boolean(), fc.boolean(), fc.constantFrom('xyz', '----b', '"q"', 'a'.repeat(80))).map(([c, field, bytes, png, broken, boundary]) =>
        base(c, 'multipart', multipart(field, Buffer.concat([png ? PNG_HEAD : Buffer.alloc(0), Buffer.from(bytes)]), boundary, broken), c.query, { mayReset: true }),
      ),
    });
  }
  return fc.oneof(...kinds);
}
