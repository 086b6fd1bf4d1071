import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@server/test/harness';
import { openCase } from '@server/test/cases';

let app: TestApp;
let caseId = 0;
const caseIds: number[] = [];
let bot = '';
beforeAll(async () => {
  app = await createTestApp();
  ({ token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true }));
  for (let i = 0; i < 12; i++) caseIds.push((caseId = (await openCase(app, bot)).dbId));
});
afterAll(() => app?.close());

type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A request's answer as it comes off the wire: no client-side decoding. A body goes as JSON. */
function raw(method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: unknown): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${app.url}${path}`, { method, headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

const rawGet = (path: string, headers: Record<string, string> = {}) => raw('GET', path, headers);
const rawPost = (path: string, body: unknown, headers: Record<string, string>) => raw('POST', path, headers, body);

const decode = (body: Buffer, encoding: string | undefined) =>
  encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : encoding === 'deflate' ? zlib.inflateSync(body) : body;

describe('compressed API answers', () => {
  it.each(['br', 'gzip'])('sends a long answer in %s when the client accepts it, the same JSON as the plain one', async (encoding) => {
    const path = '/api/players?game=all&status=-1&limit=100';
    const plain = await rawGet(path);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const packed = await rawGet(path, { 'accept-encoding': `${encoding}` });
    expect(packed.headers['content-encoding']).toBe(encoding);
    expect(packed.headers.vary?.toLowerCase()).toContain('accept-encoding');
    expect(packed.body.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(decode(packed.body, encoding).toString())).toEqual(JSON.parse(plain.body.toString()));
  });

  it('prefers brotli, and sends a kept answer from its compressed copy, the same bytes each time', async () => {
    const path = '/api/players?game=all&status=-1&limit=50&sort=createTime';
    const first = await rawGet(path, { 'accept-encoding': 'gzip, deflate, br' });
    const second = await rawGet(path, { 'accept-encoding': 'gzip, deflate, br' });
    const plain = await rawGet(path);
    expect(first.headers['content-encoding']).toBe('br');
    expect(Number(second.headers['content-length'])).toBe(second.body.length);
    expect(second.body.equals(first.body)).toBe(true);
    expect(JSON.parse(decode(second.body, 'br').toString())).toEqual(JSON.parse(plain.body.toString()));
  });

  // A kept answer sent again runs no `compression` middleware: the same encodings and headers all the same.
  it.each(['br', 'gzip', 'deflate'])('answers a kept answer sent again in %s, as the first time, and tells caches it differs by encoding', async (encoding) => {
    const path = `/api/players?game=all&status=-1&order=asc&limit=${60 + encoding.length}`;
    const plain = await rawGet(path);
    for (const headers of [{ 'accept-encoding': encoding }, { 'accept-encoding': encoding }]) {
      const res = await rawGet(path, headers);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary?.toLowerCase()).toContain('accept-encoding');
      expect(JSON.parse(decode(res.body, encoding).toString())).toEqual(JSON.parse(plain.body.toString()));
    }
    const short = await rawGet(`/api/player?dbId=${caseId}`, { 'accept-encoding': encoding });
    const again = await rawGet(`/api/player?dbId=${caseId}`, { 'accept-encoding': encoding });
    for (const res of [short, again]) {
      expect([res.status, res.headers['content-encoding']]).toEqual([200, undefined]);
      expect(res.headers.vary?.toLowerCase()).toContain('accept-encoding');
    }
  });

  // The whole answer is compressed in one step (envelope.ts), not streamed: it goes out with its length, in one piece.
  it.each(['br', 'gzip', 'deflate'])('sends the long answer of a route that keeps nothing in %s, whole, with its length', async (encoding) => {
    const path = `/api/player/batch?${caseIds.map((id) => `dbIds=${id}`).join('&')}`;
    const plain = await rawGet(path);
    expect(plain.body.length).toBeGreaterThan(1024);
    const packed = await rawGet(path, { 'accept-encoding': encoding });
    expect([packed.status, packed.headers['content-encoding'], packed.headers['transfer-encoding']]).toEqual([200, encoding, undefined]);
    expect(Number(packed.headers['content-length'])).toBe(packed.body.length);
    expect(packed.headers.vary?.toLowerCase()).toContain('accept-encoding');
    const records = JSON.parse(decode(packed.body, encoding).toString()).data as Array<{ id: number }>;
    expect(records.map((r) => r.id).sort((a, b) => a - b)).toEqual(caseIds);
    expect(JSON.parse(decode(packed.body, encoding).toString())).toEqual(JSON.parse(plain.body.toString()));
  });

  // Compressed on libuv's pool, not the main thread (compressed-body.ts): the same answer, whole.
  it.each(['br', 'gzip'])('sends an answer of more than 64 kB in %s, whole, with its length', async (encoding) => {
    const ids = Array.from({ length: 1024 }, (_, i) => String(1_000_000_000_000 + i));
    const body = { userIds: ids, personaIds: ids, dbIds: caseIds };
    const plain = await rawPost('/api/player/batch', body, { 'x-access-token': bot });
    expect(plain.body.length).toBeGreaterThan(64 * 1024);
    const packed = await rawPost('/api/player/batch', body, { 'x-access-token': bot, 'accept-encoding': encoding });
    expect([packed.status, packed.headers['content-encoding'], packed.headers['transfer-encoding']]).toEqual([200, encoding, undefined]);
    expect(Number(packed.headers['content-length'])).toBe(packed.body.length);
    const answer = JSON.parse(decode(packed.body, encoding).toString());
    expect(answer).toEqual(JSON.parse(plain.body.toString()));
    expect(answer.data.filter((r: { status: number }) => r.status !== -1)).toHaveLength(caseIds.length);
  });

  it('leaves short answers and unwanted encodings alone', async () => {
    const short = await rawGet('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(short.body.length).toBeLessThan(1024);
    expect(short.headers['content-encoding']).toBeUndefined();
    const refused = await rawGet('/api/players?game=all&status=-1&limit=100', { 'accept-encoding': 'identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    JSON.parse(refused.body.toString());
  });
});
