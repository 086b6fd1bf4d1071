/**
 * The original server's security faults (docs/api-compatibility.md#bugs-of-the-original-not-kept),
 * each proven closed against the real server: one `describe` per fault. Where a module's
 * own test covers a fault thoroughly, the essential point is asserted here and that test is named.
 *
 * Decisions on user enumeration ("closed where the API allows"):
 * - Sign-in: an unknown name, a wrong password and a deleted account get the same 401
 *   `signin.noSuchUser` with the same message (clients read this code), and an
 *   unknown name still costs one password hash, so timing tells nothing either.
 * - Forgot password: the same `forgetPassword.needVerify` for every name and e-mail; only a real
 *   match (bound, valid, not banned) gets the mail. `forgetPassword.notFound` and
 *   `forgetPassword.permissionDenied` are no longer answered there (no client branches on them; the
 *   web client only reads `needVerify`), so the form tells nobody which e-mail or game account
 *   belongs to which user. Left open: a mail server outage answers `mail.error` for a match only, and
 *   sending a mail takes time; both are behind the captcha and 5 requests / 10 min per address.
 * - Kept on purpose: `signup.usernameExist` (usernames are public: profiles, user search) and
 *   `signup.originBindingExist` / `bindOrigin.originBindingExist` (the forms cannot work without
 *   them; they need a captcha, and binding a signed-in account), each limited per address.
 *
 * Secrets in logs (captcha answers, tokens, mailed codes) is covered whole by
 * server/infra/no-secrets-in-logs.test.ts: an account's life at trace level, the log scanned for
 * passwords, tokens, captcha answers, mailed codes and hashes.
 *
 * Brute force: sign-in is limited per address and per account (failures, from any address);
 * every route that takes a mailed code shares one per-address bucket, and wrong codes tried by a
 * signed-in account are counted per account (values in shared/limits.ts).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LIMITS } from '@shared/limits';
import { apiRoutes } from '@server/app';
import { loadConfig } from '@server/config';
import { players, verifications } from '@server/db/schema';
import { codeDigest } from '@server/modules/users/verifications';
import { outboundRequest } from '@server/infra/outbound';
import { createTestApp, TEST_PASSWORD, unique, type TestApp, type TestUser } from '@server/test/harness';
import { expectError, expectOk, expectTokenExpired } from '@server/test/expect';
import { openCase, report } from '@server/test/cases';

/** The server's source folder. */
const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

let app: TestApp;
let bot: string;
let superToken: string;
beforeAll(async () => {
  app = await createTestApp();
  ({ token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true }));
  ({ token: superToken } = await app.factories.signedIn({ privileges: ['super'] }));
});
afterAll(() => app?.close());

let addressSeq = 0;
/** One client address (behind the trusted proxy) for a whole test, so its requests share buckets. */
const clientAddress = () => `203.0.113.${++addressSeq}`;
const randomCode = () => crypto.randomBytes(48).toString('base64').replace(/[^A-Za-z0-9]/g, '').slice(0, 64).padEnd(64, 'x');
const signinAs = async (username: string, password: string, from?: string) => {
  const req = app.request.post('/api/user/signin');
  if (from) req.set('X-Forwarded-For', from);
  return req.send({ data: { username, password }, captcha: await app.solveCaptcha() });
};
const forget = async (data: Record<string, unknown>) => app.request.post('/api/user/forgetPassword').send({ data, captcha: await app.solveCaptcha() });
/** The code of the latest mail to `email` (its link's `code`). */
const mailedCode = async (email: string, subject?: string) => {
  const mail = await app.mail.waitFor(email, subject ? (m) => m.subject.includes(subject) : undefined);
  return new URL(app.mail.linkIn(mail)).searchParams.get('code')!;
};
/** A case opened on the user's own game account, then confirmed (status 1): one they may appeal. */
async function confirmedCaseOf(user: TestUser) {
  const dbId = (await report(app, bot, user.account!)).body.data.dbId as number;
  await app.services.db.update(players).set({ status: 1 }).where(eq(players.id, dbId));
  return dbId;
}
const resetWith = (code: string, newpassword = 'brand-new-pass-9', from?: string) => {
  const req = app.request.post('/api/user/forgetPasswordVerify');
  if (from) req.set('X-Forwarded-For', from);
  return req.send({ data: { code, newpassword } });
};

describe('sign-up without captcha or limit (§3.3 signup)', () => {
  // Thorough: server/modules/auth/signup.test.ts, server/http/rate-limit.test.ts.
  it('needs a captcha, and one address gets 5 sign-ups per 10 minutes', async () => {
    const account = app.factories.freshAccount();
    const data = { username: unique('new'), password: TEST_PASSWORD, originEmail: account.email, originName: account.name };
    expectError(await app.request.post('/api/user/signup').send({ data }), 400, 'captcha.bad');
    const from = clientAddress();
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await app.request.post('/api/user/signup').set('X-Forwarded-For', from).send({ data: { ...data, username: unique('new') } })).status);
    expect(answers.slice(0, 5)).not.toContain(429);
    expect(answers[5]).toBe(429);
  });
});

describe('reusable, never-expiring reset codes without token revocation (§5 password reset)', () => {
  // Thorough: server/modules/auth/password.test.ts.
  it('a reset code works once, signs every session out, and is refused once expired', async () => {
    const { user, token } = await app.factories.signedIn();
    expectOk(await forget({ username: user.username, originEmail: user.email }), 'forgetPassword.needVerify');
    const code = await mailedCode(user.email!);
    expectOk(await resetWith(code), 'forgetPassword.success');
    expectTokenExpired(await app.request.get('/api/user/me').set('x-access-token', token));
    expectError(await resetWith(code, 'another-pass-7'), 404, 'forgetPassword.notFound');

    const other = await app.factories.createUser();
    expectOk(await forget({ username: other.username, originEmail: other.email }), 'forgetPassword.needVerify');
    const stale = await mailedCode(other.email!);
    await app.services.db.update(verifications).set({ expiresTime: new Date(Date.now() - 1) }).where(eq(verifications.code, codeDigest(stale)));
    expectError(await resetWith(stale), 400, 'forgetPassword.expired');
    expect((await signinAs(other.username, TEST_PASSWORD)).status).toBe(200);
  });
});

describe('self-unmute (§1 users.attr.mute)', () => {
  // Thorough: server/modules/users/users.test.ts, server/modules/admin/users/admin-users.test.ts (mutes).
  it('a muted user cannot clear or shorten the mute through their own settings', async () => {
    const mute = '2099-01-01 00:00:00';
    const { user, token } = await app.factories.signedIn({ attr: { mute } });
    for (const value of [null, '', '2000-01-01 00:00:00']) {
      await app.request.post('/api/user/me').set('x-access-token', token).send({ data: { attr: { mute: value } } });
      expect((await app.factories.userRow(user.id)).attr.mute).toBe(mute);
    }
  });
});

describe('appeal ownership from client input (§4 appeal creation)', () => {
  // Thorough: server/modules/appeals/appeals.test.ts.
  it('naming the accused persona id does not make a stranger the owner', async () => {
    const owner = await app.factories.createUser();
    const dbId = await confirmedCaseOf(owner);
    const stranger = await app.factories.signedIn();
    const res = await app.request
      .post('/api/player/banAppeal')
      .set('x-access-token', stranger.token)
      .send({ data: { toPlayerId: dbId, toOriginPersonaId: owner.account!.personaId, appealType: 'none', content: '<p>this is my account, honestly</p>' } });
    expectError(res, 403, 'user.permissionDenied');
  });
});

/** Every occurrence of a value, or of a secret's usual key, in an answer. */
function leaks(value: unknown, needles: string[], keys: RegExp): string[] {
  const json = JSON.stringify(value);
  return [...needles.filter((n) => json.includes(n)), ...[...json.matchAll(/"([^"]+)":/g)].map((m) => m[1]!).filter((k) => keys.test(k))];
}

describe('password hashes and addresses in staff responses (§3.4 muteUserAll, blockedUserAll)', () => {
  // Thorough: server/modules/admin/no-secrets.test.ts (every admin read, as root).
  it('no staff read shows a password hash; only root and dev see sign-up and sign-in addresses', async () => {
    const muted = await app.factories.createUser({ attr: { mute: '2099-01-01 00:00:00', registerIP: '192.0.2.201' } });
    await signinAs(muted.username, muted.password, '192.0.2.202');
    const banned = await app.factories.createUser({ privileges: ['blacklisted'], attr: { registerIP: '192.0.2.203' } });
    const hashes = await Promise.all([muted, banned].map(async (u) => (await app.factories.userRow(u.id)).passwordHash));
    const { token: rootToken } = await app.factories.signedIn({ privileges: ['root'] });
    const q = (u: TestUser) => `id=${u.id}&name=${u.username}&parameter=username&type=all&limit=100`;
    const reads = [
      ...apiRoutes.filter((r) => r.method === 'get' && r.path.startsWith('/admin/') && !r.path.includes(':')).flatMap((r) => [muted, banned].map((u) => `/api${r.path}?${q(u)}`)),
      `/api/user/info4admin?id=${muted.id}`,
      `/api/user/info4admin?id=${banned.id}`,
    ];
    for (const url of reads) {
      const asSuper = await app.request.get(url).set('x-access-token', superToken);
      expect(asSuper.status, url).toBeLessThan(500);
      expect(leaks(asSuper.body, [...hashes, '192.0.2.201', '192.0.2.202', '192.0.2.203'], /^(password|passwordHash|hash)$/i), url).toEqual([]);
    }
    const asRoot = await app.request.get(`/api/user/info4admin?id=${muted.id}`).set('x-access-token', rootToken);
    expect(asRoot.body.data.attr).toMatchObject({ registerIP: '192.0.2.201', lastSigninIP: '192.0.2.202' });
    expect(leaks(asRoot.body, hashes, /^(password|passwordHash|hash)$/i)).toEqual([]);
  });
});

describe('dev able to blacklist root (§3.4 setUserRole)', () => {
  // Thorough: server/modules/admin/users/admin-users.test.ts (setUserRole matrix and rank rule).
  it('a dev cannot blacklist, mute or strip a root account', async () => {
    const { token: dev } = await app.factories.signedIn({ privileges: ['dev'] });
    const root = await app.factories.createUser({ privileges: ['root'] });
    const post = (p: string, data: object) => app.request.post(`/api/admin/${p}`).set('x-access-token', dev).send({ data });
    expectError(await post('setUserRole', { id: root.id, action: 'grant', role: 'blacklisted' }), 403, 'admin.setUserRole.permissionDenied');
    expectError(await post('setUserRole', { id: root.id, action: 'revoke', role: 'root' }), 403, 'admin.setUserRole.permissionDenied');
    expect((await post('muteUser', { id: root.id, type: 'add', value: 5 })).status).toBeGreaterThanOrEqual(400);
    const row = await app.factories.userRow(root.id);
    expect(row.privileges).toEqual(['root']);
    expect(row.attr.mute).toBeUndefined();
  });
});

describe('unsanitised appeals, messages and staff edits (§2 sanitising)', () => {
  // Thorough: server/modules/appeals/appeals.test.ts, server/modules/messages/messages.test.ts,
  // server/modules/admin/comments.test.ts, server/http/sanitize.test.ts.
  const hostile = '<p>look<script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">here</a></p>';
  const expectClean = (html: string) => {
    expect(html).toContain('look');
    expect(html).not.toMatch(/<script|onerror|javascript:/i);
  };

  it('an appeal is stored and shown sanitised', async () => {
    const { user, token } = await app.factories.signedIn();
    const dbId = await confirmedCaseOf(user);
    const res = await app.request.post('/api/player/banAppeal').set('x-access-token', token).send({ data: { toPlayerId: dbId, appealType: 'none', content: hostile } });
    expectOk(res, 'banAppeal.success', 201);
    const tl = await app.request.get(`/api/player/timeline?dbId=${dbId}&subject=banAppeal`);
    expectClean(tl.body.data.result[0].content.text);
  });

  it('a direct message is stored and shown sanitised', async () => {
    const to = await app.factories.createUser({ attr: { allowDM: true } });
    const { token } = await app.factories.signedIn();
    const res = await app.request.post('/api/message').set('x-access-token', token).send({ data: { toUserId: to.id, type: 'direct', content: hostile } });
    expectOk(res, 'message.success', 201);
    expectClean(res.body.data.content);
  });

  it('a staff edit of an entry is sanitised too', async () => {
    const { dbId } = await openCase(app, bot);
    const entry = (await app.request.get(`/api/player/timeline?dbId=${dbId}`)).body.data.result[0];
    expectOk(await app.request.post('/api/admin/setComment').set('x-access-token', superToken).send({ data: { id: entry.id, content: hostile } }), 'admin.setComment.ok');
    const item = await app.request.get(`/api/player/timeline/item?id=${entry.id}`);
    expectClean(item.body.data.content.text);
  });
});

describe('hidden entries leaking to visitors (§3.2 /timeline/item, §7 comment search, §8 activities)', () => {
  // Thorough: server/modules/timeline/timeline.test.ts, server/modules/search/search.test.ts,
  // server/modules/stats/activities.test.ts.
  it('a hidden entry is gone from /timeline/item, the timeline, comment search and the activity feed', async () => {
    // Letters only, each digit its own letter: a run of one letter (as 'kkkk') would be refused as spam.
    const word = `zq${crypto.randomBytes(5).toString('hex').replace(/\d/g, (d) => 'ghijklmnop'[Number(d)]!)}`;
    const { dbId } = await openCase(app, bot, { description: `<p>walls and ${word} everywhere</p>` });
    const entry = (await app.request.get(`/api/player/timeline?dbId=${dbId}`)).body.data.result[0];
    expect((await app.request.get('/api/search').query({ type: 'comment', param: word })).body.total).toBe(1);
    expectOk(await app.request.post('/api/admin/setComment').set('x-access-token', superToken).send({ data: { id: entry.id, valid: 0 } }), 'admin.setComment.ok');

    expectError(await app.request.get(`/api/player/timeline/item?id=${entry.id}`), 404, 'commentItem.notFound');
    const { token: normal } = await app.factories.signedIn();
    expectError(await app.request.get(`/api/player/timeline/item?id=${entry.id}`).set('x-access-token', normal), 404, 'commentItem.notFound');
    expect((await app.request.get(`/api/player/timeline?dbId=${dbId}`)).body.data.result.map((e: { id: number }) => e.id)).not.toContain(entry.id);
    const found = await app.request.get('/api/search').query({ type: 'comment', param: word });
    expect(found.body.total).toBe(0);
    const feed = await app.request.get('/api/activities').query({ from: Date.now() + 60_000, limit: 100 });
    expect(feed.body.data.filter((i: { type: string; id: number }) => i.type === 'report' && i.id === entry.id)).toEqual([]);
    // Staff still see it.
    expectOk(await app.request.get(`/api/player/timeline/item?id=${entry.id}`).set('x-access-token', superToken), 'timeline.item.ok');
  });
});

describe('open view counter (§3.2 viewed)', () => {
  // Thorough: server/modules/cases/cases.test.ts.
  it('counts one view per viewer per hour, and limits each address', async () => {
    const { dbId } = await openCase(app, bot);
    const from = clientAddress();
    const view = () => app.request.post('/api/player/viewed').set('X-Forwarded-For', from).send({ data: { id: dbId } });
    const answers = [];
    for (let i = 0; i < 21; i++) answers.push(await view());
    expect(answers[0]!.body.data).toMatchObject({ counted: true });
    expect(answers.slice(1, 20).every((r) => r.status === 200 && r.body.data.counted === false)).toBe(true);
    expectError(answers[20]!, 429, 'request.rateLimited');
    expect((await app.request.get(`/api/player?dbId=${dbId}`)).body.data.viewNum).toBe(1);
  });
});

describe('rate limits blind behind a proxy (§2 rate limits; TRUST_PROXY)', () => {
  // Thorough: server/infra/trust-proxy.test.ts (every TRUST_PROXY form), server/http/rate-limit.test.ts.
  it('keys address limits on the client address the trusted proxy forwards: one client’s flood leaves others alone', async () => {
    const [flooder, other] = [clientAddress(), clientAddress()];
    const burst = await Promise.all(Array.from({ length: 8 }, () => app.request.get('/api/captcha').set('X-Forwarded-For', flooder)));
    expect(burst.filter((r) => r.status === 429).length).toBeGreaterThan(0);
    expect((await app.request.get('/api/captcha').set('X-Forwarded-For', other)).status).toBe(200);
  });

  it('records the forwarded client address, not the proxy’s', async () => {
    const user = await app.factories.createUser();
    expect((await signinAs(user.username, user.password, '198.51.100.77')).status).toBe(200);
    expect((await app.factories.userRow(user.id)).attr.lastSigninIP).toBe('198.51.100.77');
  });
});

describe('debug impersonation (§2 x-whosdaddy headers)', () => {
  it('the debug headers identify nobody', async () => {
    const root = await app.factories.createUser({ privileges: ['root'] });
    const headers = { 'x-whosdaddy': String(root.id), 'x-whosdaddy-p': root.password };
    expectTokenExpired(await app.request.get('/api/user/me').set(headers));
    const { user, token } = await app.factories.signedIn();
    const me = await app.request.get('/api/user/me').set(headers).set('x-access-token', token);
    expect(me.body.data.id).toBe(user.id);
    expectError(await app.request.get('/api/admin/muteUserAll').set(headers).set('x-access-token', token), 403, 'user.permissionDenined');
  });
});

describe('open CORS (§0 CORS reflects any Origin with credentials)', () => {
  // Thorough: server/http/api.test.ts (CORS), server/http/security-headers.test.ts.
  it('echoes an origin without credentials, and never answers Origin: null', async () => {
    const res = await app.request.get('/api/captcha').set('Origin', 'https://evil.example');
    expect(res.headers['access-control-allow-origin']).toBe('https://evil.example');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect((await app.request.get('/api/captcha').set('Origin', 'null')).headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('/static exposing source (§0 /static serves test/)', () => {
  // Thorough for the client's pages: server/modules/pages/pages.test.ts.
  let site: TestApp;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribunal-client-'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>client</title>');
    // The build's manifest (read by bench/bundle.ts) lies in a dot-folder next to the assets.
    fs.mkdirSync(path.join(clientDir, '.vite'));
    fs.writeFileSync(path.join(clientDir, '.vite', 'manifest.json'), '{"index.html":{"file":"assets/index.js","isEntry":true}}');
    site = await createTestApp({ env: { SERVE_CLIENT: 'true', CLIENT_DIR: clientDir } });
  });
  afterAll(async () => {
    await site?.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('serves only the built client: no source, configuration, tests or data by any path', async () => {
    const source = fs.readFileSync(path.join(SERVER_DIR, 'app.ts'), 'utf8').slice(0, 60);
    for (const p of ['/static/app.ts', '/static/', '/test/', '/server/app.ts', '/package.json', '/.env', '/data/pg/PG_VERSION', '/uploads/', '/%2e%2e/package.json', '/..%2fpackage.json', '/static/..%2f..%2fserver%2fapp.ts', '/api/static/app.ts', '/.vite/manifest.json', '/%2evite/manifest.json']) {
      const res = await site.request.get(p);
      expect([400, 403, 404], p).toContain(res.status);
      expect(res.text, p).not.toContain('isEntry');
      expect(res.text, p).not.toContain(source);
      expect(res.text, p).not.toContain('"dependencies"');
    }
  });
});

describe('SSRF through webhooks and external authorization (§11)', () => {
  // Thorough: server/modules/webhooks/webhooks.test.ts (deliveries), server/modules/external-auth/external-auth.test.ts.
  let receiver: http.Server;
  let received = 0;
  let receiverPort = 0;
  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      received++;
      res.statusCode = req.url === '/redirect' ? 302 : 200;
      if (req.url === '/redirect') res.setHeader('location', 'http://169.254.169.254/latest/meta-data/');
      res.end('ok');
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    receiverPort = (receiver.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => receiver.close(() => r())));

  const addHook = async (url: string) => {
    const res = await app.request.post('/api/user/webhooks/add').set('x-access-token', bot).send({ data: { url, secret: 'a-long-enough-webhook-secret', events: ['report'] } });
    expectOk(res, 'webhooks.success', 201);
    return res.body.data.id as number;
  };
  const ping = (id: number) => app.request.post('/api/user/webhooks/ping').set('x-access-token', bot).send({ data: { id } });

  it('a webhook cannot reach loopback, private, link-local or metadata addresses: refused before connecting', async () => {
    const targets = [
      `http://127.0.0.1:${receiverPort}/hook`,
      `http://localhost:${receiverPort}/hook`,
      `http://[::ffff:127.0.0.1]:${receiverPort}/hook`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/hook',
      'http://192.168.1.1/hook',
      'https://[fd00::1]/hook',
    ];
    for (const url of targets) {
      const res = await ping(await addHook(url));
      expectOk(res, 'webhooks.success');
      expect(res.body.data, url).toMatchObject({ status: 'pending', lastCode: null, lastError: expect.stringMatching(/non-public address/) });
      await app.request.post('/api/user/webhooks/delete').set('x-access-token', bot).send({ data: { id: res.body.data.payload.webhookId } });
    }
    expect(received).toBe(0);
  });

  it('loopback is a test-only allowance that production ignores, for webhooks and external authorization alike', () => {
    const production = loadConfig({ NODE_ENV: 'production', SECRET: 'x'.repeat(32), WEBHOOK_ALLOW_LOOPBACK: 'true', EXTERNAL_AUTH_ALLOW_LOOPBACK: 'true' });
    expect(production.webhooks.allowLoopback).toBe(false);
    expect(production.externalAuth.allowLoopback).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).webhooks.allowLoopback).toBe(false);
  });

  it('the outbound request never follows a redirect (to metadata or anywhere)', async () => {
    const seen = received;
    await expect(outboundRequest(`http://127.0.0.1:${receiverPort}/redirect`, { method: 'POST', body: '{}', allowHttp: true, allowLoopback: true, maxBytes: 100, timeoutMs: 2000 })).rejects.toThrow(/redirect/);
    expect(received).toBe(seen + 1);
    await expect(outboundRequest(`http://127.0.0.1:${receiverPort}/x`, { method: 'GET', maxBytes: 100, timeoutMs: 2000, allowLoopback: true })).rejects.toThrow(/only https/);
  });

  it('external authorization takes https callbacks only, and refuses private addresses before connecting', async () => {
    const { user } = await app.factories.signedIn();
    const seen = received;
    const ask = (callback: string) => app.request.post('/api/service/externalAuth').set('x-access-token', bot).send({ id: user.id, appName: 'Metadata probe', appId: 'probe-1', EXPIRES_IN: 3_600_000, CALLBACK_PATH: callback });
    expectError(await ask(`http://127.0.0.1:${receiverPort}/cb`), 400, 'externalAuth.bad');
    // Addresses written as such are refused when the app asks; names resolving there, when the user
    // confirms (server/modules/external-auth/external-auth.test.ts).
    for (const callback of ['https://169.254.169.254/cb', 'https://10.0.0.1/cb', 'https://[fd00::1]/cb', 'https://localhost/cb']) {
      const res = await ask(callback);
      expectError(res, 400, 'externalAuth.bad');
      expect(JSON.stringify(res.body.message), callback).toMatch(/public address/);
    }
    expect(received).toBe(seen);
  });
});

describe('brute force on sign-in (per address and per account)', () => {
  // Thorough: server/modules/auth/signin.test.ts, server/http/rate-limit.test.ts.
  it('one address gets 10 sign-ins a minute', async () => {
    const from = clientAddress();
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await signinAs(unique('nobody'), 'wrong-password', from)).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('10 wrong passwords from any addresses lock the account, the right password included', async () => {
    const user = await app.factories.createUser();
    for (let i = 0; i < 10; i++) expectError(await signinAs(user.username, `wrong-${i}-pass`), 401, 'signin.noSuchUser');
    expectError(await signinAs(user.username, user.password), 429, 'request.rateLimited');
  });
});

describe('brute force on mailed codes (per address and per account)', () => {
  it(`one address gets ${LIMITS.codeTriesPerAddress} code tries per window, over every code route together`, async () => {
    const from = clientAddress();
    // Two accounts, so that no account reaches its own limit here.
    const [a, b] = await Promise.all([app.factories.signedIn(), app.factories.signedIn()]);
    const tries = [
      () => app.request.get(`/api/user/signupVerify?code=${randomCode()}`).set('X-Forwarded-For', from),
      () => resetWith(randomCode(), 'brand-new-pass-9', from),
      () => app.request.get(`/api/user/bindOriginVerify?code=${randomCode()}`).set('x-access-token', a.token).set('X-Forwarded-For', from),
      () => app.request.post('/api/service/confirmAuth').set('x-access-token', b.token).set('X-Forwarded-For', from).send({ code: crypto.randomBytes(32).toString('hex') }),
    ];
    for (let i = 0; i < LIMITS.codeTriesPerAddress; i++) expect((await tries[i % tries.length]!()).status).toBe(404);
    for (const attempt of tries) expectError(await attempt(), 429, 'request.rateLimited');
    // Another address is not held back.
    expectError(await resetWith(randomCode()), 404, 'forgetPassword.notFound');
  });

  it(`a signed-in account gets ${LIMITS.codeFailuresPerAccount} wrong codes, from any addresses; then even its right code waits`, async () => {
    const { user, token } = await app.factories.signedIn({ bound: false });
    const account = app.factories.freshAccount();
    const bind = await app.request.post('/api/user/bindOrigin').set('x-access-token', token).send({ data: { originEmail: account.email, originName: account.name }, captcha: await app.solveCaptcha() });
    expectOk(bind, 'bindOrigin.needVerify');
    const code = await mailedCode(account.email!);
    const verify = (c: string) => app.request.get(`/api/user/bindOriginVerify?code=${c}`).set('x-access-token', token);
    for (let i = 0; i < LIMITS.codeFailuresPerAccount; i++) {
      const wrong = i % 2 ? verify(randomCode()) : app.request.get(`/api/service/authInfo?code=${crypto.randomBytes(32).toString('hex')}`).set('x-access-token', token);
      expect((await wrong).status).toBe(404);
    }
    expectError(await verify(code), 429, 'request.rateLimited');
    expect((await app.factories.userRow(user.id)).originUserId).toBeNull();
    // Other accounts are not held back.
    const other = await app.factories.signedIn();
    expectError(await app.request.get(`/api/user/bindOriginVerify?code=${randomCode()}`).set('x-access-token', other.token), 404, 'bindOrigin.notFound');
  });
});

describe('user enumeration through sign-in and forgot-password answers', () => {
  it('sign-in answers an unknown name, a wrong password and a deleted account alike', async () => {
    const user = await app.factories.createUser();
    const deleted = await app.factories.createUser({ valid: false });
    const answers = [await signinAs(unique('ghost'), 'whatever-pass-1'), await signinAs(user.username, 'wrong-pass-1'), await signinAs(deleted.username, deleted.password), await signinAs(user.email!, 'wrong-pass-2')];
    for (const res of answers) expectError(res, 401, 'signin.noSuchUser');
    expect(new Set(answers.map((r) => JSON.stringify(r.body))).size).toBe(1);
  });

  it('forgot-password answers alike whether or not the name and e-mail match an account; only a match gets mail', async () => {
    const user = await app.factories.createUser();
    const banned = await app.factories.createUser({ privileges: ['blacklisted'] });
    const answers = [
      await forget({ username: unique('ghost'), originEmail: 'ghost@players.example' }),
      await forget({ username: user.username, originEmail: 'not-theirs@players.example' }),
      await forget({ username: user.account!.name, originEmail: 'not-theirs@players.example' }),
      await forget({ username: banned.username, originEmail: banned.email }),
      await forget({ username: user.username, originEmail: user.email }),
    ];
    for (const res of answers) expectOk(res, 'forgetPassword.needVerify');
    expect(new Set(answers.map((r) => JSON.stringify(r.body))).size).toBe(1);
    // The mail goes out from a job after the answer (the answer's time tells nothing either); the banned one's job ran before.
    await app.mail.waitFor(user.email!);
    expect(app.mail.to(banned.email!)).toHaveLength(0);
    expect(app.mail.to(user.email!)).toHaveLength(1);
  });
});
