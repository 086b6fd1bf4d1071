import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { apiRoutes } from '@server/app';
import { createTestApp, type TestApp } from '@server/test/harness';

/**
 * Walks every staff read (`GET /api/admin/*`, and the other staff lists) as root, with a world that holds a
 * password, its hash, live tokens and a pending reset code, and looks for any of them in the answers — by
 * value anywhere, and by the names secrets travel under.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

/** Values the admin GETs need to return rows (a route's schema ignores the ones it does not know). */
function queryFor(ids: { userId: number; username: string }) {
  return new URLSearchParams({
    id: String(ids.userId),
    userId: String(ids.userId),
    targetUserId: String(ids.userId),
    name: ids.username,
    parameter: 'username',
    type: 'all',
    skip: '0',
    limit: '100',
  }).toString();
}

const SECRET_KEYS = /^(password|passwordHash|password_hash|hash|token|accessToken|refreshToken|secret|verificationCode|codeHash)$/i;

function findSecrets(value: unknown, secrets: string[], path = '$'): string[] {
  if (typeof value === 'string') return secrets.filter((s) => value.includes(s)).map(() => path);
  if (Array.isArray(value)) return value.flatMap((v, i) => findSecrets(v, secrets, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [
      ...(SECRET_KEYS.test(k) ? [`${path}.${k} (key)`] : []),
      ...findSecrets(v, secrets, `${path}.${k}`),
    ]);
  }
  return [];
}

describe('staff answers never carry a secret', () => {
  it('no admin GET returns a password, hash, token, code or server secret', async () => {
    const victim = await app.factories.createUser({ password: 'Victim-Pa55word!' });
    const victimToken = await app.factories.signIn(victim);
    const row = await app.factories.userRow(victim.id);
    const { user: root, token } = await app.factories.signedIn({ privileges: ['root'] });
    // A pending reset: its mailed code and the stored hash of it.
    const forgot = await app.request
      .post('/api/user/forgetPassword')
      .send({ data: { username: victim.username, originEmail: victim.email }, captcha: await app.solveCaptcha() });
    expect(forgot.status).toBe(200);
    const code = new URL(app.mail.linkIn(await app.mail.waitFor(victim.email!))).searchParams.get('code')!;
    // A staff write, so the logs have something to show.
    await app.request.post('/api/user/achievement/admin/add').set('x-access-token', token).send({ userId: victim.id, achievementId: 'old_user' });

    const secrets = [victim.password, row.passwordHash, victimToken, token, code, createHash('sha256').update(code).digest('hex'), root.password];
    const config = app.services.config as unknown as Record<string, unknown>;
    if (typeof config.secret === 'string' && config.secret.length >= 8) secrets.push(config.secret);

    const reads = apiRoutes.filter((r) => r.method === 'get' && r.path.startsWith('/admin/'));
    expect(reads.length).toBeGreaterThan(0);
    const q = queryFor({ userId: victim.id, username: victim.username });
    const checked: string[] = [];
    for (const r of reads) {
      if (r.path.includes(':')) continue;
      const res = await app.request.get(`/api${r.path}?${q}`).set('x-access-token', token);
      expect(res.status, `${r.path}: ${JSON.stringify(res.body).slice(0, 300)}`).toBeLessThan(500);
      expect(findSecrets(res.body, secrets), r.path).toEqual([]);
      checked.push(r.path);
    }
    for (const path of ['/admin/judgementLog']) {
      const res = await app.request.post(`/api${path}`).set('x-access-token', token).send({ skip: 0, limit: 100 });
      expect(res.status).toBe(200);
      expect(findSecrets(res.body, secrets), path).toEqual([]);
    }
    const info = await app.request.get(`/api/user/info4admin?id=${victim.id}`).set('x-access-token', token);
    expect(info.status).toBe(200);
    expect(findSecrets(info.body, secrets), 'info4admin').toEqual([]);
    expect(checked).toContain('/admin/adminLog');
  });

  it('the walker finds a secret by value and by key', () => {
    expect(findSecrets({ a: [{ b: 'xx-s3cret-xx' }] }, ['s3cret'])).toEqual(['$.a[0].b']);
    expect(findSecrets({ user: { passwordHash: null } }, [])).toEqual(['$.user.passwordHash (key)']);
  });
});
