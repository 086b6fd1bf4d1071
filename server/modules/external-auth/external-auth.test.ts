import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { appAuthorizations } from '@server/db/schema';
import { loadConfig } from '@server/config';
import { isReachableAddress, unreachableHostReason } from '@server/infra/outbound';
import { createTestApp, type TestApp, type TestUser } from '@server/test/harness';
import { startAppSite, type AppSite } from '@server/test/app-site';
import { expectError, expectInvalid, expectOk, expectTokenExpired } from '@server/test/expect';

let site: AppSite;
let app: TestApp;
beforeAll(async () => {
  site = await startAppSite();
  app = await createTestApp({ env: { EXTERNAL_AUTH_ALLOW_LOOPBACK: 'true', EXTERNAL_AUTH_CA_FILE: site.caFile } });
});
afterAll(async () => {
  await app?.close();
  await site?.close();
});
beforeEach(() => {
  site.redirectAll = false;
  site.callbacks.length = 0;
  site.callbackStatus = 200;
});

const ask = (token: string, body: object) => app.request.post('/api/service/externalAuth').set('x-access-token', token).send(body);
const confirm = (token: string, code: string) => app.request.post('/api/service/confirmAuth').set('x-access-token', token).send({ code });
const info = (token: string, code: string) => app.request.get(`/api/service/authInfo?code=${code}`).set('x-access-token', token);

async function bot() {
  return app.factories.signedIn({ privileges: ['bot'], visitType: 'bot', skipCaptcha: true });
}

/** A bot asks for `user`; returns the code from the mailed link. */
async function requestFor(botToken: string, user: TestUser, callback = `${site.origin}/api/authCallback`) {
  const res = await ask(botToken, { id: user.id, appName: 'KOOK bot', appId: 'kook-1', EXPIRES_IN: 3_600_000, CALLBACK_PATH: callback });
  expectOk(res, 'externalAuth.success');
  const mail = await app.mail.waitFor(user.email!, (m) => m.subject.includes('KOOK bot'));
  const link = new URL(app.mail.linkIn(mail));
  expect(link.pathname).toBe('/appAuth');
  return link.searchParams.get('code')!;
}

async function publishFor(botToken: string) {
  const text = await app.request.get('/api/service/getAuthText').set('x-access-token', botToken);
  expectOk(text, 'getAuthText.ok');
  site.authsTxt = { status: 200, body: `# our apps\n${text.body.data}\n` };
  return text.body.data as string;
}

describe('external authorization', () => {
  it('a user approves an app: the app gets a token that reads and reports, and stops working once revoked', async () => {
    const { token: botToken, user: botUser } = await bot();
    const { user, token } = await app.factories.signedIn();
    await publishFor(botToken);
    const code = await requestFor(botToken, user);

    const shown = await info(token, code);
    expectOk(shown, 'appAuth.ok');
    expect(shown.body.data).toMatchObject({ appName: 'KOOK bot', domain: new URL(site.origin).host, state: 'pending', tokenTtl: 3_600_000, requestedBy: { id: botUser.id } });

    const done = await confirm(token, code);
    expectOk(done, 'confirmAuth.success');
    expect(site.callbacks).toHaveLength(1);
    const { userId, token: appToken } = site.callbacks[0]!.body as { userId: number; token: string };
    expect(site.callbacks[0]!.path).toBe('/api/authCallback');
    expect(userId).toBe(user.id);

    const me = await app.request.get('/api/user/me').set('x-access-token', appToken);
    expectOk(me, 'userInfo.success');
    // Writes other than reports are refused; a report passes the privilege check (it still needs a captcha).
    expectError(await app.request.post('/api/user/me').set('x-access-token', appToken).send({ data: { attr: { allowDM: true } } }), 403, 'user.permissionDenined');
    const report = await app.request.post('/api/player/report').set('x-access-token', appToken).send({ data: { game: 'bf1', originName: 'x', cheatMethods: ['aimbot'], description: 'x' } });
    expect(report.body.code).not.toBe('user.permissionDenined');

    const apps = await app.request.get('/api/user/apps').set('x-access-token', token);
    expect(apps.body.data).toEqual([expect.objectContaining({ appName: 'KOOK bot', state: 'approved' })]);
    expectOk(await app.request.post('/api/user/apps/revoke').set('x-access-token', token).send({ id: apps.body.data[0].id }), 'appAuth.revoked');
    expectTokenExpired(await app.request.get('/api/user/me').set('x-access-token', appToken));
    expect((await app.request.get('/api/user/apps').set('x-access-token', token)).body.data).toEqual([]);
  });

  it('the code works once, only for the user asked, and not after 24 hours', async () => {
    const { token: botToken } = await bot();
    const { user, token } = await app.factories.signedIn();
    const { token: stranger } = await app.factories.signedIn();
    await publishFor(botToken);
    const code = await requestFor(botToken, user);
    expectError(await confirm(stranger, code), 404, 'confirmAuth.notFound');
    expectError(await info(stranger, code), 404, 'appAuth.notFound');
    expectOk(await confirm(token, code), 'confirmAuth.success');
    expectError(await confirm(token, code), 400, 'confirmAuth.fail');
    expect(site.callbacks).toHaveLength(1);

    const late = await requestFor(botToken, user);
    await app.services.db.update(appAuthorizations).set({ codeExpires: new Date(Date.now() - 1000) }).where(eq(appAuthorizations.userId, user.id));
    const res = await confirm(token, late);
    expectError(res, 400, 'confirmAuth.fail');
    expect(res.body.message).toMatch(/expired/);
  });

  it('the user may refuse: nothing is sent to the app', async () => {
    const { token: botToken } = await bot();
    const { user, token } = await app.factories.signedIn();
    await publishFor(botToken);
    const code = await requestFor(botToken, user);
    expectOk(await app.request.post('/api/service/refuseAuth').set('x-access-token', token).send({ data: { code } }), 'appAuth.refused');
    expectError(await confirm(token, code), 400, 'confirmAuth.fail');
    expect(site.callbacks).toEqual([]);
  });

  it('refuses an app whose site does not publish the asking account’s line, redirects, or sends too much', async () => {
    const { token: botToken } = await bot();
    const { token: otherBot } = await bot();
    const { user, token } = await app.factories.signedIn();

    await publishFor(otherBot);
    let res = await confirm(token, await requestFor(botToken, user));
    expectError(res, 400, 'confirmAuth.fail');
    expect(res.body.message).toMatch(/line/);

    const line = await publishFor(botToken);
    site.authsTxt = { status: 200, body: `${line}\n${'#'.repeat(2000)}` };
    res = await confirm(token, await requestFor(botToken, user));
    expect(res.body.message).toMatch(/larger than 1024 bytes/);

    site.redirectAll = true;
    res = await confirm(token, await requestFor(botToken, user));
    expect(res.body.message).toMatch(/redirect/);
    site.redirectAll = false;

    await publishFor(botToken);
    site.callbackStatus = 500;
    res = await confirm(token, await requestFor(botToken, user));
    expect(res.body.message).toMatch(/HTTP 500/);
    expect(site.callbacks).toHaveLength(1);
    // The token sent to a callback that failed is dead: its authorization is marked failed.
    const sent = (site.callbacks[0]!.body as { token: string }).token;
    expectTokenExpired(await app.request.get('/api/user/me').set('x-access-token', sent));
  });

  it('refuses http callbacks and callbacks at literal non-public addresses when the app asks, naming the rule: nothing is stored or mailed', async () => {
    const { token: botToken } = await bot();
    const { user } = await app.factories.signedIn();
    expectInvalid(await ask(botToken, { id: user.id, appName: 'x', appId: '1', CALLBACK_PATH: 'http://localhost/cb' }), 'externalAuth.bad', 'CALLBACK_PATH');
    const hosts: Array<[string, RegExp]> = [
      ['10.0.0.7', /private/],
      ['0x0a.0.0.7', /private/],
      ['167772167', /private/],
      ['012.0.0.7', /private/],
      ['169.254.169.254', /link-local/],
      ['100.64.0.1', /carrier-grade NAT/],
      ['0.0.0.0', /unspecified/],
      ['[fd00::1]', /unique-local/],
      ['[fe80::1]', /link-local/],
      ['[::ffff:10.0.0.7]', /private/],
    ];
    for (const [host, rule] of hosts) {
      const res = await ask(botToken, { id: user.id, appName: 'x', appId: '1', CALLBACK_PATH: `https://${host}/cb` });
      expectInvalid(res, 'externalAuth.bad', 'CALLBACK_PATH');
      expect(res.body.message[0], host).toMatchObject({ location: 'body', code: 'non_public_address', msg: expect.stringMatching(rule) });
    }
    expect(await app.services.db.select().from(appAuthorizations).where(eq(appAuthorizations.userId, user.id))).toEqual([]);
    expect(app.mail.to(user.email!)).toEqual([]);
  });

  it('a callback whose address is refused only when connecting (a name resolving there, a request stored before) fails before anything is sent', async () => {
    const { user: botUser } = await bot();
    const { user, token } = await app.factories.signedIn();
    for (const host of ['10.1.2.3', '169.254.169.254', '192.168.0.10', '[fd00::1]']) {
      const code = crypto.randomBytes(32).toString('hex');
      await app.services.db.insert(appAuthorizations).values({
        userId: user.id,
        requestedBy: botUser.id,
        appName: 'x',
        appId: '1',
        callbackUrl: `https://${host}/cb`,
        tokenTtl: 3_600_000,
        codeHash: crypto.createHash('sha256').update(code).digest('hex'),
        codeExpires: new Date(Date.now() + 60_000),
      });
      const res = await confirm(token, code);
      expectError(res, 400, 'confirmAuth.fail');
      expect(res.body.message).toMatch(/non-public address/);
    }
    const rows = await app.services.db.select().from(appAuthorizations).where(eq(appAuthorizations.userId, user.id));
    expect(rows.map((r) => r.state)).toEqual(['failed', 'failed', 'failed', 'failed']);
  });

  it('only bots and staff ask; app tokens and visitors cannot; unknown users are told apart', async () => {
    const { token: normal } = await app.factories.signedIn();
    const { token: botToken } = await bot();
    const body = { id: 1, appName: 'x', appId: '1', CALLBACK_PATH: `${site.origin}/cb` };
    expectError(await ask(normal, body), 403, 'user.permissionDenined');
    expectError(await app.request.get('/api/service/getAuthText').set('x-access-token', normal), 403, 'user.permissionDenined');
    expectTokenExpired(await app.request.post('/api/service/externalAuth').send(body));
    expectError(await ask(botToken, { ...body, id: 999_999 }), 404, 'externalAuth.noSuchUser');
  });
});

describe('outbound address rules', () => {
  it('lets only public unicast addresses through, loopback when a test allows it', () => {
    for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111']) expect(isReachableAddress(a), a).toBe(true);
    for (const a of ['10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '127.0.0.1', '::1', 'fe80::1', 'fd12::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '224.0.0.1', 'nonsense']) {
      expect(isReachableAddress(a), a).toBe(false);
    }
    expect(isReachableAddress('127.0.0.1', true)).toBe(true);
    expect(isReachableAddress('10.0.0.1', true)).toBe(false);
  });

  it('refuses literal non-public hosts and localhost names as URL parsing reads them; other names wait for resolving', () => {
    const reason = (url: string, allowLoopback = false) => unreachableHostReason(new URL(url).hostname, allowLoopback)?.range ?? null;
    const refused: Array<[string, string]> = [
      ['https://127.0.0.1/cb', 'loopback'],
      ['https://2130706433', 'loopback'],
      ['https://0x7f.1', 'loopback'],
      ['https://0177.0.0.1', 'loopback'],
      ['https://127.1', 'loopback'],
      ['https://[::1]/cb', 'loopback'],
      ['https://[::ffff:127.0.0.1]', 'loopback'],
      ['https://localhost:8443/cb', 'loopback'],
      ['https://LOCALHOST./cb', 'loopback'],
      ['https://api.localhost', 'loopback'],
      ['https://10.0.0.7', 'private'],
      ['https://172.16.5.4', 'private'],
      ['https://192.168.1.1', 'private'],
      ['https://169.254.169.254/latest/meta-data', 'linkLocal'],
      ['https://100.64.0.1', 'carrierGradeNat'],
      ['https://0.0.0.0', 'unspecified'],
      ['https://0', 'unspecified'],
      ['https://[::]', 'unspecified'],
      ['https://[fc00::1]', 'uniqueLocal'],
      ['https://[fd12:3456::1]', 'uniqueLocal'],
      ['https://[fe80::1]', 'linkLocal'],
      ['https://[::ffff:169.254.169.254]', 'linkLocal'],
      ['https://224.0.0.1', 'multicast'],
      ['https://255.255.255.255', 'broadcast'],
    ];
    for (const [url, range] of refused) expect(reason(url), url).toBe(range);
    for (const url of ['https://8.8.8.8', 'https://[2606:4700:4700::1111]', 'https://example.com', 'https://intranet.corp', 'https://localhost.example.com', 'https://mylocalhost']) expect(reason(url), url).toBeNull();
    expect(unreachableHostReason('[::1]')?.message).toBe('must be at a public address: [::1] is a loopback address');
    // Where a test allows loopback, loopback only.
    for (const url of ['https://127.0.0.1', 'https://[::1]', 'https://localhost:8443', 'https://0x7f.1']) expect(reason(url, true), url).toBeNull();
    expect(reason('https://10.0.0.7', true)).toBe('private');
    expect(reason('https://0.0.0.0', true)).toBe('unspecified');
  });

  it('never allows loopback in production, whatever the environment says', () => {
    const config = loadConfig({ NODE_ENV: 'production', SECRET: 'x'.repeat(32), EXTERNAL_AUTH_ALLOW_LOOPBACK: 'true' });
    expect(config.externalAuth.allowLoopback).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', EXTERNAL_AUTH_ALLOW_LOOPBACK: 'true' }).externalAuth.allowLoopback).toBe(true);
  });
});
