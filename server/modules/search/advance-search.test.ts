import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@server/test/harness';
import { expectError, expectInvalid, expectOk, expectTokenExpired, ISO_DATE } from '@server/test/expect';
import { botToken, plainWord, reportName } from '../../test/search-fixtures';

let app: TestApp;
let bot: string;
/** A normal user's token; each test that is limited uses its own user. */
const normalToken = async () => (await app.factories.signedIn()).token;

beforeAll(async () => {
  app = await createTestApp();
  bot = await botToken(app);
});
afterAll(() => app?.close());

const advance = (token: string | null, param: string) => {
  const req = app.request.get('/api/advanceSearch').query({ param });
  return token ? req.set('x-access-token', token) : req;
};

describe('GET /api/advanceSearch', () => {
  it('answers the exact account with its avatar and case, and similar names with theirs', async () => {
    const stem = `Ghost${plainWord(6)}`;
    const exact = app.directory.freshAccount({ name: stem, avatar: 'https://avatars.example/ghost.png' });
    const reported = app.directory.freshAccount({ name: `${stem}_Two` });
    const unreported = app.directory.freshAccount({ name: `${stem}-Three` });
    const exactId = await reportName(app, bot, exact.name);
    const reportedId = await reportName(app, bot, reported.name);

    const res = await advance(await normalToken(), stem.toLowerCase());
    expectOk(res, 'advanceSearch.ok');
    const { exact: e, similars } = res.body.data;
    expect(e).toMatchObject({
      originName: exact.name,
      originUserId: exact.userId,
      originPersonaId: exact.personaId,
      avatarLink: 'https://avatars.example/ghost.png',
      record: { id: exactId, originName: exact.name, status: 0, games: ['bf1'] },
    });
    expect(e.record.createTime).toMatch(ISO_DATE);
    expect(similars).toHaveLength(2);
    const byName = Object.fromEntries(similars.map((s: { originName: string }) => [s.originName, s]));
    expect(byName[reported.name]).toMatchObject({ originUserId: reported.userId, originPersonaId: reported.personaId, record: { id: reportedId } });
    expect(byName[unreported.name]).toMatchObject({ originUserId: unreported.userId, record: null, avatarLink: null });
    expect(typeof byName[unreported.name].originPersonaId).toBe('string');
  });

  it('answers exact null when only longer names exist, and at most 10 similars', async () => {
    const stem = `Sniper${plainWord(6)}`;
    for (let i = 0; i < 12; i++) app.directory.freshAccount({ name: `${stem}${i}x` });
    const res = await advance(await normalToken(), stem);
    expectOk(res, 'advanceSearch.ok');
    expect(res.body.data.exact).toBeNull();
    expect(res.body.data.similars).toHaveLength(10);
    for (const s of res.body.data.similars) expect(s.originName.startsWith(stem)).toBe(true);
  });

  it('answers empty results for an unknown name', async () => {
    const res = await advance(await normalToken(), `Nobody${plainWord(10)}`);
    expectOk(res, 'advanceSearch.ok');
    expect(res.body.data).toEqual({ exact: null, similars: [] });
  });

  it('adds the current name of a case it sees to the name history, so the plain search finds it', async () => {
    const w = plainWord();
    const account = app.directory.freshAccount({ name: `Before_${w}` });
    const id = await reportName(app, bot, account.name);
    app.directory.add({ ...account, name: `After_${w}` });
    const before = await app.request.get('/api/search').query({ type: 'player', param: `after_${w}` });
    expect(before.body.total).toBe(0);

    const res = await advance(await normalToken(), `After_${w}`);
    expect(res.body.data.exact).toMatchObject({ originName: `After_${w}`, record: { id } });

    const after = await app.request.get('/api/search').query({ type: 'player', param: `after_${w}` });
    expect(after.body.total).toBe(1);
    expect(after.body.data[0]).toMatchObject({ dbId: id, historyName: `After_${w}` });
  });

  it('429 request.rateLimited on a second search within 15 s; staff are exempt', async () => {
    const token = await normalToken();
    expectOk(await advance(token, 'Medic_one'), 'advanceSearch.ok');
    expectError(await advance(token, 'Medic_two'), 429, 'request.rateLimited');
    // Another user has a limit of their own.
    expectOk(await advance(await normalToken(), 'Medic_two'), 'advanceSearch.ok');

    for (const role of ['admin', 'super', 'root', 'dev']) {
      const { token: staff } = await app.factories.signedIn({ privileges: [role] });
      expectOk(await advance(staff, 'Medic_one'), 'advanceSearch.ok');
      expectOk(await advance(staff, 'Medic_two'), 'advanceSearch.ok');
    }
  });

  it.each([['normal'], ['volunteer', 'normal'], ['bot']])('is open to a %s account', async (...roles) => {
    const { token } = await app.factories.signedIn({ privileges: roles, skipCaptcha: roles.includes('bot') });
    expectOk(await advance(token, 'Assault_main'), 'advanceSearch.ok');
  });

  it('401 user.tokenExpired for a visitor', async () => {
    expectTokenExpired(await advance(null, 'Assault_main'));
  });

  it.each([['blacklisted'], ['freezed']])('403 user.permissionDenined for a %s account', async (role) => {
    const { token } = await app.factories.signedIn({ privileges: [role] });
    expectError(await advance(token, 'Assault_main'), 403, 'user.permissionDenined');
  });

  it.each([['abc'], ['x'.repeat(33)], ['name*'], ['two words'], ['']])('400 advanceSearch.bad for "%s"', async (param) => {
    expectInvalid(await advance(await normalToken(), param), 'advanceSearch.bad', 'param');
  });

  it('400 advanceSearch.bad without param', async () => {
    const res = await app.request.get('/api/advanceSearch').set('x-access-token', await normalToken());
    expectInvalid(res, 'advanceSearch.bad', 'param');
  });
});

describe('GET /api/advanceSearch with the platform directory down', () => {
  let down: TestApp;
  beforeAll(async () => {
    down = await createTestApp({ platform: 'closed' });
  });
  afterAll(() => down?.close());

  it('503 advanceSearch.error', async () => {
    const { token } = await down.factories.signedIn();
    const res = await down.request.get('/api/advanceSearch').query({ param: 'Medic_one' }).set('x-access-token', token);
    expectError(res, 503, 'advanceSearch.error');
  });
});
