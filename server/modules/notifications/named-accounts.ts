import { eq, sql } from 'drizzle-orm';
import { roomOf } from '@shared/socket';
import type { AccountChangeSubscriber } from '@server/core/account-changes';
import { messages, users } from '@server/db/schema';
import { restateStoredNotifications } from '@server/db/stored-events';
import { renderNotice } from './notify';

/**
 * A notification that names an account (`aboutUserId`: who answered a quoted entry) follows its
 * name, as a message's sender and recipient do (server/modules/messages/presenter.ts): renamed or anonymised,
 * the notice is written again in its recipient's language, and the event that brought it to their
 * room carries it for replays.
 */
export const noticesFollowAccounts: AccountChangeSubscriber = async ({ services, r, before, after }) => {
  if (before.username === after.username) return;
  const named = await r.tx
    .select({ id: messages.id, toUserId: messages.toUserId, notice: messages.notice, language: sql<string | null>`${users.attr} ->> 'language'` })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.toUserId))
    .where(eq(messages.aboutUserId, after.id));
  const rewritten = named.flatMap(({ id, toUserId, notice, language }) => {
    if (!notice || toUserId === null) return [];
    const next = { key: notice.key, values: { ...notice.values, username: after.username } };
    return [{ id, room: roomOf.user(toUserId), notice: next, content: renderNotice(services.i18n.t(language), next) }];
  });
  if (!rewritten.length) return;
  await r.tx.execute(sql`update ${messages} set content = n.content, notice = n.notice
    from jsonb_to_recordset(${JSON.stringify(rewritten)}::jsonb) as n(id int, content text, notice jsonb)
    where ${messages.id} = n.id`);
  await restateStoredNotifications(r.tx, rewritten);
};
