import { and, eq, gte } from 'drizzle-orm';
import { OPEN_CHAT_WINDOW_MS } from '@shared/achievements';
import { messages } from '@server/db/schema';
import type { Condition } from './types';

/** Open chat, level 1: direct messages are open (allowDM). */
export const openChatL1: Condition = async ({ user }) => user.attr.allowDM === true;

/** Level 2: open, and at least one direct message received and read within the last month. */
export const openChatL2: Condition = async ({ db, user, now }, def) => {
  if (user.attr.allowDM !== true) return false;
  const rows = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.toUserId, user.id), eq(messages.type, 'direct'), eq(messages.haveRead, true), gte(messages.createTime, new Date(now.getTime() - OPEN_CHAT_WINDOW_MS))))
    .limit(def.goal.count ?? 1);
  return rows.length >= (def.goal.count ?? 1);
};
