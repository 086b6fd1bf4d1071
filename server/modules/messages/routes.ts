import {
  conversationQuery,
  conversationsQuery,
  deleteMessageBody,
  markBody,
  markInput,
  markQuery,
  messagesQuery,
  sendMessageBody,
} from '@shared/schemas/messages';
import { defineRoute, type AnyRoute } from '@server/http/route';
import { ok } from '@server/http/envelope';
import { AppError } from '@server/app-error';
import { validationMessage } from '@server/http/validate';
import { conversationWith, conversations, listBox, unreadCounts } from './queries';
import { deleteMessage, deleteMessages, markMessages, sendMessage } from './service';
import { messagePolicy } from './policy';
import { safeParseInput } from '@shared/schemas/safe-parse-input';

const TAG = 'Messages';

export const messageRoutes: AnyRoute[] = [
  defineRoute({
    method: 'post',
    path: '/message',
    tag: TAG,
    summary:
      'Send a message. `direct`: any bound account, to a user who allows direct messages; `warn`, `command`: staff; `fatal`: super/root/dev; broadcasts `toAll`, `toAdmins`, `toNormals`: super/root/dev (`toUserId` ignored). Content is sanitised HTML; 20 messages a minute (staff exempt). Delivered live to the recipient’s and sender’s `user:` rooms (broadcasts: `all` / `staff`) as `message.new`.',
    area: 'message',
    auth: 'required',
    policy: messagePolicy.send,
    userLimit: messagePolicy.sendLimit,
    body: sendMessageBody,
    success: { code: 'message.success', status: 201 },
    errors: ['message.denied', 'message.blocked', 'message.self', 'message.banned', 'message.muted', 'message.notFound', 'user.needBindEaAccount', 'request.rateLimited'],
    handler: async ({ user, body, services }) => ok('message.success', await sendMessage(services, user, body.data)),
  }),
  defineRoute({
    method: 'get',
    path: '/message',
    tag: TAG,
    summary:
      'A page of a box, newest first, with its exact `total`: `in` everything addressed to you (system notifications included), `out` what you sent, `announce` the broadcasts for your role, `system` the notifications alone. `from` (epoch ms) keeps newer messages only.',
    area: 'message',
    auth: 'required',
    policy: messagePolicy.read,
    query: messagesQuery,
    success: { code: 'message.success' },
    handler: async ({ user, query, services }) => ok('message.success', await listBox(services.db, user, query)),
  }),
  defineRoute({
    method: 'get',
    path: '/message/unread',
    tag: TAG,
    summary: 'What is unread in your inbox (`unread`, of which `fromUsers` and `system`) and when the newest broadcast for you was sent (`lastAnnounceTime`), for the header badge.',
    area: 'message',
    auth: 'required',
    policy: messagePolicy.read,
    success: { code: 'message.success' },
    handler: async ({ user, services }) => ok('message.success', await unreadCounts(services.db, user)),
  }),
  defineRoute({
    method: 'get',
    path: '/message/conversations',
    tag: TAG,
    summary: 'The people you exchanged messages with, latest first: their name, whether they accept direct messages, the last message, and how many of theirs you have not read.',
    area: 'message',
    auth: 'required',
    policy: messagePolicy.read,
    query: conversationsQuery,
    success: { code: 'message.success' },
    handler: async ({ user, query, services }) => ok('message.success', await conversations(services.db, user.id, query)),
  }),
  defineRoute({
    method: 'get',
    path: '/message/conversation',
    tag: TAG,
    summary: 'The messages between you and `userId`, newest first (`before`: a message id to page back from), with that person (`user.allowDM` says whether you may write to them).',
    area: 'message',
    auth: 'required',
    policy: messagePolicy.read,
    query: conversationQuery,
    success: { code: 'message.success' },
    errors: ['message.notFound'],
    handler: async ({ user, query, services }) => ok('message.success', await conversationWith(services.db, user.id, query)),
  }),
  defineRoute({
    method: 'post',
    path: '/message/mark',
    tag: TAG,
    summary:
      'Mark messages addressed to you `read` or `unread` (`del` deletes them): `id` in the query as the original, or in the body (bare or in `data`); also `ids` or `withUserId` (everything that person sent you). The sender hears of it live (`message.read`).',
    area: 'message',
    auth: 'required',
    policy: messagePolicy.read,
    query: markQuery,
    body: markBody,
    success: { code: 'message.marked' },
    errors: ['message.notFound'],
    handler: async ({ user, query, body, services }) => {
      const merged = { ...query, ...body };
      const parsed = safeParseInput(markInput, merged);
      if (!parsed.success) throw new AppError('message.bad', validationMessage(parsed.error, merged, 'query'), 400);
      const input = parsed.data;
      const which = input.id !== undefined ? { id: input.id } : input.ids ? { ids: input.ids } : { withUserId: input.withUserId };
      if (input.type === 'del') {
        const { ids } = await deleteMessages(services, user, input);
        return ok('message.marked', { ...which, type: input.type, ids });
      }
      const { changed } = await markMessages(services, user, { ...input, type: input.type });
      return ok('message.marked', { ...which, type: input.type, changed });
    },
  }),
  defineRoute({
    method: 'post',
    path: '/message/delete',
    tag: TAG,
    summary:
      'Delete a message for everyone who had it: one addressed to you, one you sent, or (super/root/dev) a broadcast. Both sides hear of it live (`message.deleted`).',
    area: 'message',
    auth: 'required',
    policy: messagePolicy.read,
    body: deleteMessageBody,
    success: { code: 'message.deleted' },
    errors: ['message.notFound'],
    handler: async ({ user, body, services }) => ok('message.deleted', await deleteMessage(services, user, body.data.id)),
  }),
];
