import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { announceBoxTypesFor } from '@shared/messages';
import type { MessagesQuery } from '@shared/schemas/messages';
import type { ConversationItem, MessageItem, UnreadCounts } from '@shared/types/messages';
import { messages, users, type MessageType } from '@server/db/schema';
import type { Db } from '@server/db/client';
import { coalesce, SHARED_STATEMENTS } from '@server/db/coalesce';
import type { AuthedUser } from '@server/core/authed-user';
import { AppError } from '@server/app-error';
import { userAvatarOf } from '@server/modules/users/avatar';
import { partiesOf, presentMessages, type Party } from './presenter';

/**
 * What each box holds (the original's boxes, without their bugs): `in` everything addressed to me, system
 * notifications included; `out` what I sent (pushes too); `announce` the broadcasts for my role;
 * `system` the notifications alone.
 */
function boxFilter(user: AuthedUser, box: MessagesQuery['box']): SQL {
  if (box === 'in') return eq(messages.toUserId, user.id);
  if (box === 'out') return eq(messages.byUserId, user.id);
  if (box === 'system') return and(eq(messages.toUserId, user.id), isNull(messages.byUserId))!;
  return and(isNull(messages.toUserId), inArray(messages.type, announceBoxTypesFor(user.privileges) as MessageType[]))!;
}

/** A page of a box, newest first, with its exact size. */
export async function listBox(db: Db, user: AuthedUser, q: MessagesQuery): Promise<{ messages: MessageItem[]; total: number }> {
  const where = and(boxFilter(user, q.box), q.from !== undefined ? gte(messages.createTime, new Date(q.from)) : undefined);
  const [rows, [total]] = await Promise.all([
    db.select().from(messages).where(where).orderBy(desc(messages.createTime), desc(messages.id)).limit(q.limit).offset(q.skip),
    db.select({ n: count() }).from(messages).where(where),
  ]);
  return { messages: await presentMessages(db, rows), total: Number(total?.n ?? 0) };
}

/** Messages between two people, both ways (system notices and broadcasts have one side missing). */
const between = (me: number, other: number) =>
  or(and(eq(messages.byUserId, me), eq(messages.toUserId, other)), and(eq(messages.byUserId, other), eq(messages.toUserId, me)))!;

/** A conversation, newest first; `before` (a message id) pages back from a message already shown. */
export async function conversation(db: Db, me: number, other: number, q: { skip: number; limit: number; before?: number }) {
  const where = between(me, other);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(messages)
      .where(and(where, q.before !== undefined ? lt(messages.id, q.before) : undefined))
      .orderBy(desc(messages.createTime), desc(messages.id))
      .limit(q.limit)
      .offset(q.skip),
    db.select({ n: count() }).from(messages).where(where),
  ]);
  return { messages: await presentMessages(db, rows), total: Number(total?.n ?? 0) };
}

/** The people I exchanged messages with, most recent conversation first, with what I have not read. */
/** The messages with one person (a page of `conversation`) and that person as the page shows them; 404 for an account that is gone. */
export async function conversationWith(db: Db, me: number, q: { userId: number; skip: number; limit: number; before?: number }) {
  const [other] = await db
    .select({ id: users.id, username: users.username, originEmail: users.originEmail, attr: users.attr, valid: users.valid })
    .from(users)
    .where(eq(users.id, q.userId))
    .limit(1);
  if (!other || !other.valid) throw new AppError('message.notFound', 'no such user');
  const page = await conversation(db, me, other.id, q);
  return { ...page, user: { id: other.id, username: other.username, userAvatar: userAvatarOf(other), allowDM: other.attr.allowDM === true } };
}

export async function conversations(db: Db, me: number, q: { skip: number; limit: number }): Promise<{ conversations: ConversationItem[]; total: number }> {
  const other = sql<number>`case when ${messages.byUserId} = ${me} then ${messages.toUserId} else ${messages.byUserId} end`;
  const mine = or(and(eq(messages.byUserId, me), isNotNull(messages.toUserId)), and(eq(messages.toUserId, me), isNotNull(messages.byUserId)))!;
  const [groups, [total]] = await Promise.all([
    db
      .select({
        userId: other.as('other_id'),
        lastId: sql<number>`max(${messages.id})`.as('last_id'),
        unread: sql<number>`count(*) filter (where ${messages.toUserId} = ${me} and not ${messages.haveRead})::int`.as('unread'),
        total: sql<number>`count(*)::int`.as('total'),
      })
      .from(messages)
      .where(mine)
      // By the first output column: the same CASE written twice would carry different parameters.
      .groupBy(sql`1`)
      .orderBy(desc(sql`max(${messages.id})`))
      .limit(q.limit)
      .offset(q.skip),
    db.select({ n: sql<number>`count(distinct ${other})::int` }).from(messages).where(mine),
  ]);
  if (!groups.length) return { conversations: [], total: Number(total?.n ?? 0) };
  const lastRows = await db.select().from(messages).where(inArray(messages.id, groups.map((g) => Number(g.lastId))));
  const [lasts, parties] = await Promise.all([presentMessages(db, lastRows), partiesOf(db, groups.map((g) => Number(g.userId)))]);
  const lastById = new Map(lasts.map((m) => [m.id, m]));
  return {
    conversations: groups.map((g) => {
      const party = parties.get(Number(g.userId));
      return {
        userId: Number(g.userId),
        username: party?.username ?? null,
        userAvatar: party ? userAvatarOf(party) : null,
        allowDM: party?.attr.allowDM === true,
        last: lastById.get(Number(g.lastId))!,
        unread: Number(g.unread),
        total: Number(g.total),
      };
    }),
    total: Number(total?.n ?? 0),
  };
}

/** The header badge: what is unread in my inbox, and when the newest broadcast for me was sent. */
export async function unreadCounts(db: Db, user: AuthedUser): Promise<UnreadCounts> {
  const [[counts], [announce]] = await Promise.all([
    db
      .select({
        unread: sql<number>`count(*)::int`,
        fromUsers: sql<number>`count(*) filter (where ${messages.byUserId} is not null)::int`,
      })
      .from(messages)
      .where(and(eq(messages.toUserId, user.id), eq(messages.haveRead, false))),
    db
      .select({ at: messages.createTime })
      .from(messages)
      .where(boxFilter(user, 'announce'))
      .orderBy(desc(messages.createTime))
      .limit(1),
  ]);
  const unread = Number(counts?.unread ?? 0);
  const fromUsers = Number(counts?.fromUsers ?? 0);
  return { unread, fromUsers, system: unread - fromUsers, lastAnnounceTime: announce?.at.toISOString() ?? null };
}

/** What a send reads before it writes: the message's id and time, and who it would go to. */
export interface MessageSlot {
  id: number;
  createTime: Date;
  /** The recipient as the send checks it (valid, accepts direct messages) and the message shows it; null for a broadcast or no such user. */
  recipient: (Party & { valid: boolean }) | null;
}

/** The slots of several sends in one read, in the order asked (ids taken in that order). */
async function readSlots(db: Db, toUserIds: Array<number | null>): Promise<MessageSlot[]> {
  const result = (await db.execute(sql`
    select nextval(pg_get_serial_sequence('messages', 'id'))::int as id, now()::timestamptz(3) as at,
      (select json_build_object('id', ${users.id}, 'username', ${users.username}, 'originEmail', ${users.originEmail}, 'attr', ${users.attr}, 'valid', ${users.valid})
       from ${users} where ${users.id} = (s.v #>> '{}')::int) as recipient
    from jsonb_array_elements(${JSON.stringify(toUserIds)}::jsonb) with ordinality as s(v, ord)
    order by s.ord`)) as unknown as {
    rows: Array<{ id: number; at: Date | string; recipient: (Party & { valid: boolean }) | null }>;
  };
  return result.rows.map((row) => ({ id: row.id, createTime: new Date(row.at), recipient: row.recipient }));
}

const slotReaders = new WeakMap<Db, (toUserId: number | null) => Promise<MessageSlot>>();

/**
 * One read for a send: the recipient, and the id and time the message will have (taken here so
 * that the message and its events are written together in one statement, `insertInOneStatement`).
 * The time is rounded as the column stores it, so the live message equals the one read later.
 * Sends arriving while others read share their next read (`coalesce`): chat is the busiest write.
 */
export async function messageSlot(db: Db, toUserId: number | null): Promise<MessageSlot> {
  let read = slotReaders.get(db);
  if (!read) slotReaders.set(db, (read = coalesce((ids: Array<number | null>) => readSlots(db, ids), SHARED_STATEMENTS)));
  return read(toUserId);
}
