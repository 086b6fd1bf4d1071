import { eq, inArray } from 'drizzle-orm';
import { nameKey } from '@shared/names';
import { CHEAT_METHODS, GAMES } from '@shared/games';
import { players, nameHistory, timeline, users, subscriptions } from '@server/db/schema';
import type { Db } from '@server/db/client';
import type { DirectoryAccount } from '@server/platform/types';

/** What each status needs on the timeline: the action that put the case there. */
const VERDICT: Record<number, { action: string; by: string; text: string } | null> = {
  0: null,
  1: { action: 'kill', by: 'demo-super', text: 'Aim locks through smoke in three separate clips. Confirmed.' },
  2: { action: 'suspect', by: 'demo-admin', text: 'Suspicious but not conclusive: please provide a self-certification within 7 days.' },
  3: { action: 'innocent', by: 'demo-admin', text: 'The self-certification checks out. Cleared.' },
  4: { action: 'invalid', by: 'demo-admin2', text: 'The video shows a different player. Invalid report.' },
  5: { action: 'discuss', by: 'demo-admin', text: 'Opening this for discussion: the second clip is ambiguous.' },
  6: { action: 'guilt', by: 'demo-admin', text: 'Wallhack tracking is clear to me; one more vote needed.' },
  7: { action: 'more', by: 'demo-admin2', text: 'We need a longer first-person recording before we can decide.' },
  8: { action: 'farm', by: 'demo-admin', text: 'Camo farming in an empty server, not cheating.' },
  9: { action: 'kill', by: 'demo-root', text: 'Confirmed earlier; the player has appealed.' },
};

const REPORTS = [
  'Tracked me through two walls on Amiens, then one-tapped across the map. Clip linked.',
  'Every kill is a headshot while prone and moving. Watch at 1:32 in the video.',
  'Teleported from B to D flag in under a second, twice in one round.',
  'Damage numbers do not match the weapon: shotgun kills at 120 m.',
];
const REPLIES = [
  'I was in that server too, same behaviour on Fao Fortress.',
  'The killcam shows the crosshair snapping before the target is visible.',
  'Could be lag, but the second clip is hard to explain.',
];

/** Seeds cases in every status and game, with reports, replies, verdicts, renames and follows. */
export async function seedCases(db: Db, accounts: DirectoryAccount[]) {
  const staff = await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.username, ['demo-user', 'demo-volunteer', 'demo-bot', 'demo-admin', 'demo-admin2', 'demo-super', 'demo-root']));
  const id = (name: string) => staff.find((u) => u.username === name)!.id;
  const targets = accounts.filter((a) => !a.name.startsWith('Demo'));
  const day = 24 * 3600 * 1000;
  const now = Date.now();

  for (const [i, account] of targets.entries()) {
    const status = i % 10;
    const game = GAMES[i % GAMES.length]!;
    const games = i % 3 === 0 ? [game, GAMES[(i + 2) % GAMES.length]!] : [game];
    const methods = [CHEAT_METHODS[i % CHEAT_METHODS.length]!, CHEAT_METHODS[(i + 4) % CHEAT_METHODS.length]!];
    // Two days apart, the last one's latest entry (3 days after it began) two days ago: nothing in the future.
    const created = new Date(now - ((targets.length - i) * 2 + 3) * day);
    const renamed = i % 7 === 3;
    const formerName = `${account.name}_old`;
    const [c] = await db
      .insert(players)
      .values({
        originUserId: account.userId,
        originPersonaId: account.personaId,
        originName: account.name,
        games,
        status,
        cheatMethods: status === 1 || status === 9 ? methods : [],
        hackerLevel: status === 1 ? 4 : null,
        viewNum: 40 + ((i * 37) % 400),
        createTime: created,
        // Suspects stay inside their 7-day window, or the deadline sweep would confirm them at start.
        statusTime: status === 2 ? new Date(now - 2 * day) : new Date(created.getTime() + day),
        updateTime: new Date(created.getTime() + 3 * day),
      })
      .returning();
    const names = renamed ? [formerName, account.name] : [account.name];
    await db.insert(nameHistory).values(names.map((n, k) => ({ playerId: c!.id, originName: n, nameKey: nameKey(n), fromTime: new Date(created.getTime() + k * day), toTime: new Date(created.getTime() + (k + 1) * day) })));
    const snapshot = { playerId: c!.id, toOriginUserId: account.userId, toOriginPersonaId: account.personaId, toOriginName: account.name };
    const entries: Array<typeof timeline.$inferInsert> = [
      { ...snapshot, type: 'report', byUserId: id(i % 2 ? 'demo-user' : 'demo-volunteer'), content: `<p>${REPORTS[i % REPORTS.length]}</p>`, videoLink: 'https://www.youtube.com/watch?v=demo' + i, cheatGame: game, cheatMethods: methods, createTime: created },
      { ...snapshot, type: 'reply', byUserId: id('demo-volunteer'), content: `<p>${REPLIES[i % REPLIES.length]}</p>`, createTime: new Date(created.getTime() + day / 2) },
    ];
    if (renamed) entries.push({ ...snapshot, type: 'historyUsername', byUserId: null, extra: { beforeUsername: formerName, nextUsername: account.name }, createTime: new Date(created.getTime() + day) });
    const verdict = VERDICT[status];
    if (verdict) {
      entries.push({ ...snapshot, type: 'judgement', byUserId: id(verdict.by), content: `<p>${verdict.text}</p>`, judgeAction: verdict.action, cheatMethods: ['kill', 'guilt'].includes(verdict.action) ? methods : null, hackerLevel: verdict.action === 'kill' ? 4 : null, createTime: new Date(created.getTime() + 2 * day) });
    }
    if (status === 9) {
      entries.push({
        ...snapshot,
        type: 'banAppeal',
        byUserId: id('demo-super'),
        content: '<p>The owner says these were camo-farming rounds on an empty server; a first-person recording is linked.</p>',
        extra: { appealType: 'farm', extendedLinks: { videoLink: `https://www.youtube.com/watch?v=appeal${i}` }, statusBefore: 1 },
        appealStatus: 'unprocessed',
        viewedAdmins: [],
        createTime: new Date(created.getTime() + 3 * day),
      });
    }
    await db.insert(timeline).values(entries);
    await db.update(players).set({ commentsNum: entries.filter((e) => e.type !== 'historyUsername').length }).where(eq(players.id, c!.id));
    if (i % 4 === 0) await db.insert(subscriptions).values({ userId: id('demo-user'), playerId: c!.id });
  }
  return targets.length;
}
