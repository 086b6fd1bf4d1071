import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@server/test/harness';
import { expectError, expectInvalid, expectOk, ISO_DATE } from '@server/test/expect';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

const log = (token: string, query = '') => app.request.get(`/api/admin/adminLog${query}`).set('x-access-token', token);
const grant = (token: string, userId: number, achievementId: string, action: 'add' | 'delete' = 'add') =>
  app.request.post(`/api/user/achievement/admin/${action}`).set('x-access-token', token).send({ userId, achievementId });

describe('GET /api/admin/adminLog', () => {
  it('lists staff writes newest first with who did what to whom, filtered, with an exact total', async () => {
    const { user: boss, token } = await app.factories.signedIn({ privileges: ['super'] });
    const { user: other, token: otherToken } = await app.factories.signedIn({ privileges: ['dev'] });
    const target = await app.factories.createUser();
    expectOk(await grant(token, target.id, 'old_user'), 'achievement.success');
    expectOk(await grant(token, target.id, 'old_user', 'delete'), 'achievement.success');
    expectOk(await grant(otherToken, target.id, 'report_l1'), 'achievement.success');

    const mine = await log(token, `?actorId=${boss.id}`);
    expectOk(mine, 'admin.adminLog.ok');
    expect(mine.body.total).toBe(2);
    expect(mine.body.data.map((l: { action: string }) => l.action)).toEqual(['achievement.delete', 'achievement.add']);
    expect(mine.body.data[0]).toMatchObject({
      actorId: boss.id,
      actorName: boss.username,
      targetUserId: target.id,
      targetUserName: target.username,
      detail: { achievementId: 'old_user' },
      createTime: expect.stringMatching(ISO_DATE),
    });

    const onTarget = await log(token, `?targetUserId=${target.id}&order=asc&limit=2`);
    expect(onTarget.body.total).toBe(3);
    expect(onTarget.body.data.map((l: { actorId: number }) => l.actorId)).toEqual([boss.id, boss.id]);
    const byAction = await log(token, `?targetUserId=${target.id}&action=achievement.add`);
    expect(byAction.body.data.map((l: { actorId: number }) => l.actorId)).toEqual([other.id, boss.id]);
    const future = await log(token, `?targetUserId=${target.id}&createTimeFrom=${Date.now() + 60_000}`);
    expect(future.body).toMatchObject({ total: 0, data: [] });
  });

  it('is read by staff and validates its filters', async () => {
    const { token: admin } = await app.factories.signedIn({ privileges: ['admin'] });
    const { token: normal } = await app.factories.signedIn();
    const { token: root } = await app.factories.signedIn({ privileges: ['root'] });
    expectOk(await log(admin), 'admin.adminLog.ok');
    expectError(await log(normal), 403, 'user.permissionDenined');
    expectOk(await log(root), 'admin.adminLog.ok');
    expectInvalid(await log(root, '?limit=500'), 'admin.adminLog.bad', 'limit');
    expectInvalid(await log(root, '?order=sideways'), 'admin.adminLog.bad', 'order');
  });

  it('keeps nothing of a write that failed', async () => {
    const { token } = await app.factories.signedIn({ privileges: ['super'] });
    const target = await app.factories.createUser();
    expectError(await grant(token, target.id, 'old_user', 'delete'), 404, 'achievement.notFound');
    expect((await log(token, `?targetUserId=${target.id}`)).body.total).toBe(0);
  });
});
