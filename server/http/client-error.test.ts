import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@server/test/harness';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

/** Sends raw bytes and reads the whole answer until the server closes the connection. */
function raw(request: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const { hostname, port } = new URL(app.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(request));
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (data += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head, ...rest] = data.split('\r\n\r\n');
      const [statusLine, ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
  });
}

describe('requests Node refuses before the app', () => {
  it('answers an over-long URL with 431 in the JSON envelope', async () => {
    const res = await raw(`GET /api/search?param=${'a'.repeat(40_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(JSON.parse(res.body)).toMatchObject({ error: 1, code: 'request.headersTooLarge' });
  });

  it('answers over-long headers with 431 in the JSON envelope', async () => {
    const res = await raw(`GET /api/captcha HTTP/1.1\r\nHost: x\r\nx-junk: ${'b'.repeat(40_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toMatchObject({ error: 1, code: 'request.headersTooLarge' });
  });

  it('answers a malformed request line with 400 request.bad in the envelope', async () => {
    const res = await raw('BR0KEN\x01 / HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ error: 1, code: 'request.bad' });
  });

  it('keeps serving normal requests afterwards', async () => {
    await raw(`GET /${'c'.repeat(40_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    const res = await app.request.get('/api/health');
    expect(res.status).toBeLessThan(500);
  });
});
