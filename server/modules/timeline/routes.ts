import { hideReplyBody, replyBody, timelineItemQuery, timelineQuery } from '@shared/schemas/cases';
import { roomOf } from '@shared/socket';
import { defineRoute, type AnyRoute } from '@server/http/route';
import { lastSeqOf } from '@server/realtime/outbox';
import { ok } from '@server/http/envelope';
import { AppError } from '@server/http/errors';
import { consumeUserLimit } from '@server/http/user-limit';
import { findCase } from '@server/modules/cases/queries';
import { assertCanSubmit, exemptFromCommentLimit } from './policy';
import { entryById, presentEntries, timelinePage } from './queries';
import { postReply, setEntryVisibility } from './reply';

const TAG = 'Timeline';

export const timelineRoutes: AnyRoute[] = [
  defineRoute({
    method: 'get',
    path: '/player/timeline',
    tag: TAG,
    summary: 'A page of a case’s timeline (`subject` filters by type; oldest first by default), with `lastSeq` of its live room. Hidden entries only for staff.',
    area: 'timeline',
    auth: 'optional',
    query: timelineQuery,
    success: { code: 'timeline.ok' },
    errors: ['timeline.notFound'],
    handler: async ({ query, user, services }) => {
      const row = await findCase(services.db, query);
      if (!row) throw new AppError('timeline.notFound');
      const staff = !!user?.isAdmin;
      // The room's sequence is read first: anything newer arrives live or in the replay after joining with it.
      const lastSeq = await lastSeqOf(services.db, roomOf.case(row.id));
      const page = await timelinePage(services.db, row.id, { ...query, includeHidden: staff });
      const result = await presentEntries(services.db, page.rows, { staff, showAttachment: !!user });
      return ok('timeline.ok', { result, total: page.total, lastSeq });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/player/timeline/item',
    tag: TAG,
    summary: 'One timeline entry by id (hidden entries only for staff).',
    area: 'commentItem',
    auth: 'optional',
    query: timelineItemQuery,
    success: { code: 'timeline.item.ok' },
    errors: ['commentItem.notFound'],
    handler: async ({ query, user, services }) => {
      const row = await entryById(services.db, query.id);
      const staff = !!user?.isAdmin;
      if (!row || (!row.valid && !staff)) throw new AppError('commentItem.notFound');
      const [entry] = await presentEntries(services.db, [row], { staff, showAttachment: !!user });
      return ok('timeline.item.ok', entry);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/player/reply',
    tag: TAG,
    summary: 'Reply on a case, optionally quoting one of its entries (`toCommentId`).',
    area: 'reply',
    auth: 'required',
    body: replyBody,
    captcha: 'skippable',
    success: { code: 'reply.success' },
    errors: ['reply.notFound', 'reply.spam', 'user.needBindEaAccount', 'request.rateLimited'],
    handler: async ({ user, body, services }) => {
      assertCanSubmit(user, 'reply');
      if (!exemptFromCommentLimit(user)) await consumeUserLimit(services, 'comments', user.id);
      return ok('reply.success', await postReply(services, user, body.data), { message: 'Thank you.' });
    },
  }),
  defineRoute({
    method: 'post',
    path: '/player/unReply',
    tag: TAG,
    summary: 'Hide an entry (staff: any, and `valid: true` shows it again; authors: their own replies).',
    area: 'unReply',
    auth: 'required',
    body: hideReplyBody,
    success: { code: 'unReply.success' },
    errors: ['unReply.notFound', 'user.permissionDenined'],
    handler: async ({ user, body, services }) => {
      const entry = await setEntryVisibility(services, user, body.data.id, body.data.valid);
      return ok('unReply.success', { id: entry.id, valid: entry.valid });
    },
  }),
];
