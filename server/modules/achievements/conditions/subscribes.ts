import { eq, sql } from 'drizzle-orm';
import { subscriptions } from '@server/db/schema';
import type { Condition } from './types';

/** Follows at least `count` cases. */
export const subscribes: Condition = async ({ db, user }, def) => {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(subscriptions).where(eq(subscriptions.userId, user.id));
  return Number(row?.n ?? 0) >= def.goal.count!;
};
