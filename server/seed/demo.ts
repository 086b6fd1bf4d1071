import crypto from 'node:crypto';
import { count } from 'drizzle-orm';
import { LIMITS } from '@shared/limits';
import { userAchievements, users } from '@server/db/schema';
import type { Services } from '@server/core/services';
import { hashPassword } from '@server/modules/auth/passwords';
import { loadDirectoryFile } from '@server/platform/directory-server';
import { DEMO_DIRECTORY_FILE } from '@server/services';
import { seedCases } from './cases';

/** The fixed demo accounts (listed in the README), each bound to a demo platform account unless noted. */
const DEMO_USERS: Array<{ username: string; privileges: string[]; origin?: string; attr?: Record<string, unknown> }> = [
  { username: 'demo-root', privileges: ['root'], origin: 'DemoRootSoldier' },
  { username: 'demo-super', privileges: ['super'], origin: 'DemoSuperMedic' },
  { username: 'demo-admin', privileges: ['admin'], origin: 'DemoAdminSniper' },
  { username: 'demo-admin2', privileges: ['admin'], origin: 'DemoAdminTwoPilot' },
  { username: 'demo-volunteer', privileges: ['normal', 'volunteer'], origin: 'DemoVolunteerScout' },
  { username: 'demo-user', privileges: ['normal'], origin: 'DemoUserRecon', attr: { allowDM: true, introduction: '<p>Medic main. I report what I see.</p>' } },
  { username: 'demo-unbound', privileges: ['normal'] },
  { username: 'demo-bot', privileges: ['bot'], origin: 'DemoBotRunner' },
  { username: 'demo-dev', privileges: ['dev'], origin: 'DemoDevEngineer' },
  { username: 'demo-blacklisted', privileges: ['blacklisted'] },
  { username: 'demo-freezed', privileges: ['freezed'], attr: { freezeOfNoBinding: true } },
];

/** Seeds the demo accounts on a database without users; returns what it created, or null. */
export async function seedDemo(services: Services) {
  const [{ n }] = (await services.db.select({ n: count() }).from(users)) as [{ n: number }];
  if (Number(n) > 0) return null;
  const passwordFromEnv = !!services.config.demoPassword;
  const password = services.config.demoPassword ?? crypto.randomBytes(9).toString('base64url');
  const passwordHash = await hashPassword(password);
  const directory = new Map(loadDirectoryFile(DEMO_DIRECTORY_FILE).map((a) => [a.name, a]));
  const rows = DEMO_USERS.map((u) => {
    const origin = u.origin ? directory.get(u.origin) : undefined;
    return {
      username: u.username,
      passwordHash,
      privileges: u.privileges,
      attr: { language: 'en-US', changeNameLeft: LIMITS.changeNameDefault, allowDM: false, showOrigin: false, showAchievement: true, showAD: true, ...u.attr },
      originName: origin?.name ?? null,
      originUserId: origin?.userId ?? null,
      originPersonaId: origin?.personaId ?? null,
      originEmail: origin?.email ?? null,
    };
  });
  const inserted = await services.db.insert(users).values(rows).returning({ id: users.id, username: users.username });
  await seedAchievements(services.db, inserted);
  const cases = await seedCases(services.db, [...directory.values()]);
  return { password, passwordFromEnv, users: DEMO_USERS, cases };
}

/** A few achievements, so hover cards and badge strips have something to show. */
const DEMO_ACHIEVEMENTS: Record<string, string[]> = {
  'demo-admin': ['old_user', 'report_l1', 'open_chat_l1', 'active_community_weekly_l1', 'user_subscribes_l1'],
  'demo-volunteer': ['report_l1', 'user_subscribes_l1'],
};

async function seedAchievements(db: Services['db'], rows: Array<{ id: number; username: string }>) {
  const values = rows.flatMap((u) => (DEMO_ACHIEVEMENTS[u.username] ?? []).map((achievementId) => ({ userId: u.id, achievementId })));
  if (values.length) await db.insert(userAchievements).values(values);
}
