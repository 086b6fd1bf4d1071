import { and, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import { isBroadcast } from '@shared/messages';
import { isBlankHtml } from '@shared/reply';
import { roomOf } from '@shared/socket';
import type { MarkInput, SendMessageInput } from '@shared/schemas/messages';
import type { MessageItem } from '@shared/types/messages';
import { messages } from '@server/db/schema';
import { newRow } from '@server/db/new-rows';
import type { Services } from '@server/core/services';
import type { AuthedUser } from '@server/core/authed-user';
import { AppError } from '@server/app-error';
import { sanitizeRichText } from '@server/http/sanitize';
import { insertInOneStatement, inTransaction } from '@server/db/outbox';
import { adminActionRow } from '@server/modules/admin/oplog';
import { assertMaySendType, mayDelete, mayMark } from './policy';
import { presentMessage, type MessageRow, type Party } from './presenter';
import { roomsOf } from './realtime';
import { messageSlot } from './queries';
import { withholdStoredMessage } from '@server/db/stored-events';

/**
 * Sends a message: checks the sender, the type and the recipient, stores the
 * sanitised text and pushes it live to everyone who should see it. One read (the recipient, and
 * the message's id and time) and one atomic write (the message, a staff message's admin-log row,
 * and the events): chat is the site's busiest write.
 */
export async function sendMessage(services: Services, user: AuthedUser, input: SendMessageInput): Promise<MessageItem> {
  assertMaySendType(user, input.type);
  const broadcast = isBroadcast(input.type);
  const toUserId = broadcast ? null : input.toUserId!;
  if (toUserId === user.id) throw new AppError('message.self', 'you cannot send messages to yourself');
  const content = sanitizeRichText(input.content);
  if (isBlankHtml(content)) throw new AppError('message.bad', 'the message is empty');

  const slot = await messageSlot(services.db, toUserId);
  // The two parties are known here (the sender signed in, the recipient just read): the message is presented without another read.
  const parties = new Map<number, Party>([[user.id, user.row]]);
  if (toUserId !== null) {
    const to = slot.recipient;
    if (!to || !to.valid) throw new AppError('message.notFound', 'no such user');
    if (input.type === 'direct' && to.attr.allowDM !== true) throw new AppError('message.blocked', 'this user does not accept direct messages');
    parties.set(to.id, to);
  }

  const row: MessageRow = { id: slot.id, byUserId: user.id, toUserId, type: input.type, content, playerId: null, aboutUserId: null, notice: null, haveRead: false, createTime: slot.createTime };
  const rows = [newRow(messages, row)];
  // Warnings, commands and pushes are staff writes: the admin log keeps them with their sender.
  if (input.type !== 'direct') {
    rows.push(adminActionRow({ actorId: user.id, action: 'sendMessage', targetUserId: toUserId, detail: { type: input.type, messageId: row.id } }));
  }
  const item = presentMessage(row, parties);
  await insertInOneStatement(services, rows, roomsOf(row).map((room) => ({ room, name: 'message.new', payload: { message: item } })));
  return item;
}

async function ownRows(services: Services, user: AuthedUser, input: MarkInput): Promise<MessageRow[]> {
  if (input.withUserId !== undefined) {
    return services.db
      .select()
      .from(messages)
      .where(and(eq(messages.toUserId, user.id), eq(messages.byUserId, input.withUserId), eq(messages.haveRead, input.type === 'unread')));
  }
  const ids = [...new Set(input.ids ?? [input.id!])];
  const rows = await services.db.select().from(messages).where(inArray(messages.id, ids));
  // Someone else's message reads as missing: its existence is not the caller's business.
  if (rows.length !== ids.length || !rows.every((r) => mayMark(user, r))) throw new AppError('message.notFound', 'no such message in your inbox', 403);
  return rows;
}

/**
 * Marks messages read or unread (only the recipient holds a read state). The recipient's other
 * tabs and each sender hear of it, so a sender sees when their message was read.
 */
export async function markMessages(services: Services, user: AuthedUser, input: MarkInput & { type: 'read' | 'unread' }) {
  const rows = await ownRows(services, user, input);
  const haveRead = input.type === 'read';
  const changed = rows.filter((r) => r.haveRead !== haveRead).map((r) => r.id);
  if (!changed.length) return { changed };
  await inTransaction(services, async ({ tx, emit }) => {
    const updated = await tx
      .update(messages)
      .set({ haveRead })
      .where(and(inArray(messages.id, changed), eq(messages.toUserId, user.id), ne(messages.haveRead, haveRead)))
      .returning({ id: messages.id, byUserId: messages.byUserId });
    if (!updated.length) return;
    const ids = updated.map((u) => u.id);
    await emit(roomOf.user(user.id), 'message.read', { ids, haveRead, toUserId: user.id });
    const bySender = new Map<number, number[]>();
    for (const u of updated) if (u.byUserId !== null && u.byUserId !== user.id) bySender.set(u.byUserId, [...(bySender.get(u.byUserId) ?? []), u.id]);
    for (const [sender, senderIds] of bySender) await emit(roomOf.user(sender), 'message.read', { ids: senderIds, haveRead, toUserId: user.id });
  });
  return { changed };
}

/** Deletes a message for everyone who had it (see policy `mayDelete`); the rooms that got it hear of it. */
export async function deleteMessage(services: Services, user: AuthedUser, id: number) {
  return inTransaction(services, async ({ tx, emit }) => {
    const [row] = await tx.select().from(messages).where(eq(messages.id, id)).for('update');
    if (!row || !mayDelete(user, row)) throw new AppError('message.notFound', 'no such message of yours', 403);
    await tx.delete(messages).where(eq(messages.id, id));
    await withholdStoredMessage(tx, roomsOf(row), id);
    for (const room of roomsOf(row)) await emit(room, 'message.deleted', { id });
    return { id };
  });
}

/** Deletes several of the caller's messages at once (the `del` mark of the original web client). */
export async function deleteMessages(services: Services, user: AuthedUser, input: MarkInput) {
  const ids = input.withUserId !== undefined
    ? (await services.db.select({ id: messages.id }).from(messages).where(and(eq(messages.toUserId, user.id), eq(messages.byUserId, input.withUserId), isNotNull(messages.byUserId)))).map((r) => r.id)
    : [...new Set(input.ids ?? [input.id!])];
  const rows = ids.length ? await services.db.select().from(messages).where(inArray(messages.id, ids)) : [];
  if (rows.length !== ids.length || !rows.every((r) => mayDelete(user, r))) throw new AppError('message.notFound', 'no such message of yours', 403);
  for (const id of ids) await deleteMessage(services, user, id);
  return { ids };
}
