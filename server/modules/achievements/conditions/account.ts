import { and, eq } from 'drizzle-orm';
import { ACHIEVEMENT_EPOCH } from '@shared/achievements';
import { players } from '@server/db/schema';
import type { Condition } from './types';

/** First search: anyone who asks has searched (the claim button sits on the search page). */
export const always: Condition = async () => true;

/** Old user: signed up before 2024-01-01 and an account id at most 10000 (the original site's date test did nothing). */
export const oldUser: Condition = async ({ user }, def) => user.id <= def.goal.maxUserId! && user.createTime.getTime() < Date.parse(ACHIEVEMENT_EPOCH);

/** Innocent case: the user's own bound platform account has a case judged innocent (status 3). */
export const innocentCase: Condition = async ({ db, user }) => {
  if (!user.originUserId) return false;
  const rows = await db
    .select({ id: players.id })
    .from(players)
    .where(and(eq(players.originUserId, user.originUserId), eq(players.status, 3), eq(players.valid, true)))
    .limit(1);
  return rows.length > 0;
};

/** Mobile app: claimed with a token of the phone app. */
export const mobileApp: Condition = async ({ visitType }) => visitType === 'client-phone';
