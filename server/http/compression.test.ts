import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@server/test/harness';
import { openCase } from '@server/test/cases';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
  const { token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
  for (let i = 0; i < 12; i++) await openCase(app, bot);
});
afterAll(() => app?.close());

/** A GET as it comes off the wire: no client-side decoding. */
function rawGet(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${app.url}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

const decode = (body: Buffer, encoding: string | undefined) =>
  encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body;

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

  it('leaves short answers and unwanted encodings alone', async () => {
    const short = await rawGet('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(short.body.length).toBeLessThan(1024);
    expect(short.headers['content-encoding']).toBeUndefined();
    const refused = await rawGet('/api/players?game=all&status=-1&limit=100', { 'accept-encoding': 'identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    JSON.parse(refused.body.toString());
  });
});
