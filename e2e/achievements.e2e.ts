import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Browser } from 'puppeteer-core';
import { players, timeline, users } from '@server/db/schema';
import { createTestApp, type TestApp } from '@server/test/harness';
import { openCase } from '@server/test/cases';
import { launchBrowser, screenshot } from './support/browser';
import { click, seeText } from './support/page';
import { signInBeforeVisit } from './support/session';

/**
 * A member claims an achievement on their profile page; another member, reading a case where the
 * first one replied, sees it on the hover card and on the timeline's badge strip.
 */
describe('achievements', () => {
  let app: TestApp;
  let aliceBrowser: Browser;
  let bobBrowser: Browser;

  beforeAll(async () => {
    app = await createTestApp({ env: { SERVE_CLIENT: 'true' } });
    [aliceBrowser, bobBrowser] = await Promise.all([launchBrowser(), launchBrowser()]);
  });
  afterAll(async () => {
    await Promise.all([aliceBrowser?.close(), bobBrowser?.close()]);
    await app?.close();
  });

  it('a claimed achievement shows on the claimer’s hover card for others', async () => {
    // Alice signed up in 2023 with a small id: "Veteran" is hers to claim.
    const alice = await app.factories.createUser();
    await app.services.db.update(users).set({ createTime: new Date('2023-06-01T00:00:00Z') }).where(eq(users.id, alice.id));
    const bob = await app.factories.createUser();
    const { token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    const { account, dbId } = await openCase(app, bot);
    const [c] = await app.services.db.select().from(players).where(eq(players.id, dbId));
    await app.services.db.insert(timeline).values({
      type: 'reply',
      playerId: dbId,
      toOriginUserId: c!.originUserId,
      toOriginPersonaId: c!.originPersonaId,
      toOriginName: c!.originName,
      byUserId: alice.id,
      content: '<p>The killcam shows the same snap twice.</p>',
    });

    const a = await aliceBrowser.newPage();
    await a.setViewport({ width: 1280, height: 900 });
    await signInBeforeVisit(a, app, alice);
    await a.goto(`${app.url}/profile/achievements`);
    await seeText(a, 'Ready to claim');
    await seeText(a, 'Hidden achievement');
    await seeText(a, 'File at least 10 reports since 1 January 2024');
    await click(a, 'Claim: Veteran');
    await seeText(a, 'Achievement earned: Veteran');
    await a.waitForFunction(() => !document.querySelector('[data-achievement="old_user"] button'), { timeout: 5_000 });
    await seeText(a, '100 experience');
    await screenshot(a, 'achievements-page');

    // A grant made elsewhere (here by a super admin) reaches the open page live, with a toast.
    const { token: superToken } = await app.factories.signedIn({ privileges: ['super'] });
    const granted = await app.request.post('/api/user/achievement/admin/add').set('x-access-token', superToken).send({ userId: alice.id, achievementId: 'user_subscribes_l1' });
    expect(granted.body.code).toBe('achievement.success');
    await seeText(a, 'New achievement: Watcher (+2 experience).');
    await a.waitForSelector('section[aria-labelledby="ach-owned"] [data-achievement="user_subscribes_l1"]', { timeout: 5_000 });
    await seeText(a, '102 experience');

    // Bob, on a phone, opens the case and looks at Alice.
    const b = await bobBrowser.newPage();
    await b.setViewport({ width: 390, height: 844 });
    await signInBeforeVisit(b, app, bob);
    await b.goto(`${app.url}/player/${account.personaId}`);
    await seeText(b, 'The killcam shows the same snap twice.');
    const strip = await b.waitForSelector('article [data-testid="achievement-strip"] img[src="/achievements/old_user.svg"]', { timeout: 10_000 });
    expect(strip).not.toBeNull();
    // Keyboard: focusing the author's link opens the card.
    await b.focus(`a[href="/space/${alice.id}"]`);
    const card = await b.waitForSelector(`[data-testid="user-card"] [data-testid="achievement-strip"]`, { timeout: 10_000 });
    expect(await card!.evaluate((el) => el.textContent)).toContain('Veteran');
    await screenshot(b, 'achievements-hover-card');
  });
});
