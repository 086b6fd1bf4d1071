import { z } from 'zod';
import { LIMITS } from '../limits';
import { BROADCAST_TYPES, MESSAGE_BOXES, SENDABLE_MESSAGE_TYPES } from '../messages';
import { epochMs, idParam, limitParam, skipParam } from './common';

/** POST /api/message: `toUserId` is required except for broadcasts, where it is ignored. */
export const sendMessageBody = z.object({
  data: z
    .object({
      toUserId: z.preprocess((v) => (v === '' ? null : v), idParam.nullish()),
      type: z.enum(SENDABLE_MESSAGE_TYPES),
      content: z.string().trim().min(1).max(LIMITS.messageMax),
    })
    .refine((v) => (BROADCAST_TYPES as readonly string[]).includes(v.type) || v.toUserId != null, { message: 'toUserId is required', path: ['toUserId'] }),
});
export type SendMessageInput = z.infer<typeof sendMessageBody>['data'];

/** GET /api/message: a box, paged; `from` keeps messages sent at or after that moment (epoch ms). */
export const messagesQuery = z.object({
  box: z.enum(MESSAGE_BOXES).default('in'),
  skip: skipParam,
  limit: limitParam(100, 20),
  from: epochMs.optional(),
});
export type MessagesQuery = z.infer<typeof messagesQuery>;

const MARK_TYPES = ['read', 'unread', 'del'] as const;
export type MarkType = (typeof MARK_TYPES)[number];

const idList = z.preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : typeof v === 'number' ? [v] : v), z.array(idParam).min(1).max(LIMITS.pageMax));

const markShape = {
  /** One message (the original's form, in the query). */
  id: idParam.optional(),
  /** Several messages at once. */
  ids: idList.optional(),
  /** Every message this person sent me (opening a conversation). */
  withUserId: idParam.optional(),
  /** `del` is what the original web client sends to delete. */
  type: z.enum(MARK_TYPES),
};

/** What POST /api/message/mark needs once its query and body are merged. */
export const markInput = z
  .object(markShape)
  .refine((v) => v.id !== undefined || v.ids !== undefined || v.withUserId !== undefined, { message: 'id, ids or withUserId is required', path: ['id'] });
export type MarkInput = z.infer<typeof markInput>;

/** The original takes the query (`?id=&type=`); a body, bare or in `data`, is accepted too. */
export const markQuery = z.object(markShape).partial();
export const markBody = z.preprocess(
  (v) => (v && typeof v === 'object' && 'data' in v && v.data && typeof v.data === 'object' ? { ...v, ...(v.data as object), data: undefined } : v),
  z.object(markShape).partial().passthrough(),
);

export const deleteMessageBody = z.object({ data: z.object({ id: idParam }) });

export const conversationsQuery = z.object({ skip: skipParam, limit: limitParam(100, 20) });

/** GET /api/message/conversation: messages between me and `userId`, newest first. */
export const conversationQuery = z.object({ userId: idParam, skip: skipParam, limit: limitParam(100, 20), before: idParam.optional() });
