import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import { createTestApp, type TestApp } from '@server/test/harness';
import { clientAddress, parseTrustProxy, trustFunction } from './trust-proxy';

describe('parseTrustProxy', () => {
  it.each([
    ['true', true],
    ['FALSE', false],
    ['1', 1],
    ['2', 2],
    ['loopback', ['loopback']],
    ['loopback, 10.0.0.0/8, 192.168.0.0/255.255.0.0, fc00::/7, 203.0.113.9', ['loopback', '10.0.0.0/8', '192.168.0.0/255.255.0.0', 'fc00::/7', '203.0.113.9']],
  ])('reads %j', (raw, parsed) => {
    expect(parseTrustProxy(raw)).toEqual(parsed);
  });

  it.each(['banana', '10.0.0.0/33', '1.2.3', 'loopback,,nope', '', '10.0.0.1/8/1'])('refuses %j at start-up', (raw) => {
    expect(() => parseTrustProxy(raw)).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: raw, SECRET: 'x'.repeat(32) })).toThrow(/TRUST_PROXY/);
  });
});

/**
 * The address Express sees for a request from loopback carrying `forwarded`, under each setting
 * as the app sets it, and the address `clientAddress` (sockets) works out of the same request.
 */
async function addressesOf(setting: string, forwarded: string) {
  const app = express();
  const trust = trustFunction(parseTrustProxy(setting));
  app.set('trust proxy', trust);
  app.get('/', (req, res) => void res.json({ http: req.ip, socket: clientAddress(req, trust) }));
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { headers: { 'x-forwarded-for': forwarded } });
    const { http: ip, socket } = (await res.json()) as { http: string; socket: string };
    return { http: ip.replace(/^::ffff:/, ''), socket: socket.replace(/^::ffff:/, '') };
  } finally {
    server.close();
  }
}

describe('the client address under each form', () => {
  it.each([
    ['false', '203.0.113.7', '127.0.0.1'],
    ['true', '198.51.100.1, 203.0.113.7', '198.51.100.1'],
    ['1', '198.51.100.1, 203.0.113.7', '203.0.113.7'],
    ['2', '198.51.100.1, 203.0.113.7', '198.51.100.1'],
    ['loopback', '198.51.100.1, 203.0.113.7', '203.0.113.7'],
    ['loopback, 203.0.113.0/24', '198.51.100.1, 203.0.113.7', '198.51.100.1'],
    ['10.0.0.0/8', '203.0.113.7', '127.0.0.1'],
  ])('TRUST_PROXY=%j with X-Forwarded-For %j is %s', async (setting, forwarded, expected) => {
    expect(await addressesOf(setting, forwarded)).toEqual({ http: expected, socket: expected });
  });
});

describe('behind one proxy (TRUST_PROXY=1)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => app?.close());

  it('keys address limits on the forwarded client address: each client has its own bucket', async () => {
    const spam = (ip: string) => app.request.get('/api/captcha').set('x-forwarded-for', ip);
    let first = 0;
    for (let i = 0; i < 200; i++) {
      const res = await spam('203.0.113.7');
      if (res.status === 429) {
        first = i;
        break;
      }
    }
    expect(first).toBeGreaterThan(0);
    expect((await spam('203.0.113.7')).status).toBe(429);
    expect((await spam('198.51.100.1')).status).toBe(200);
  });

  it('records the forwarded address as the sign-in address', async () => {
    const user = await app.factories.createUser();
    const captcha = await app.solveCaptcha();
    const res = await app.request.post('/api/user/signin').set('x-forwarded-for', '192.0.2.44').send({ data: { username: user.username, password: user.password }, captcha });
    expect(res.status).toBe(200);
    expect((await app.factories.userRow(user.id)).attr.lastSigninIP).toBe('192.0.2.44');
  });
});
