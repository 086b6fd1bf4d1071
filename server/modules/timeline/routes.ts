import { rules } from '@shared/policy';
import { z } from 'zod';
import { hideReplyBody, replyBody, timelineItemQuery, timelinePositionQuery, timelineQuery, updateBody } from '@shared/schemas/cases';
import { boolParam } from '@shared/schemas/common';
import { defineRoute, type AnyRoute } from '@server/http/route';
import { ok } from '@server/http/envelope';
import { AppError } from '@server/app-error';
import { findCase } from '@server/modules/cases/queries';
import { casePolicy } from '@server/modules/cases/policy';
import { commentLimit, timelinePolicy } from './policy';
import { entryById, entryPosition, presentEntries } from './queries';
import { readTimelineReply, timelinePageKey, timelineReaderOf } from './cached-read';
import { postReply, setEntryVisibility } from './reply';
import { refreshCase } from './refresh-case';

const TAG = 'Timeline';

export const timelineRoutes: AnyRoute[] = [
  defineRoute({
    method: 'get',
    path: '/player/timeline',
    tag: TAG,
    summary:
      'A page of a case’s timeline (oldest first by default), with `lastSeq` of its live room. `subject` filters by type: one, or several (`subject=report&subject=reply` or `subject=report,reply`). Hidden entries only for staff.',
    area: 'timeline',
    auth: 'optional',
    policy: rules.anyone,
    query: timelineQuery,
    keep: ({ query, user }) => timelinePageKey(query, timelineReaderOf(user)),
    success: { code: 'timeline.ok' },
    errors: ['timeline.notFound'],
    handler: ({ query, user, read }) => read((db) => readTimelineReply(db, query, timelineReaderOf(user))),
  }),
  defineRoute({
    method: 'get',
    path: '/player/timeline/position',
    tag: TAG,
    summary:
      'Where an entry stands in its case’s timeline listed with `limit`, `order` and `subject` as in `/player/timeline`: `{page, index, total}` (`page` 1-based, `index` 0-based). Not found when that listing does not show it (hidden entries for everyone but staff). A case key, when given, must be the entry’s case.',
    area: 'timeline',
    auth: 'optional',
    policy: rules.anyone,
    query: timelinePositionQuery,
    success: { code: 'timeline.position.ok' },
    errors: ['timeline.notFound'],
    handler: async ({ query, user, services }) => {
      const staff = !!user?.isAdmin;
      const position = await entryPosition(services.db, query.id, { ...query, includeHidden: staff });
      if (!position) throw new AppError('timeline.notFound');
      if (query.userId !== undefined || query.personaId !== undefined || query.dbId !== undefined) {
        const row = await findCase(services.db, query);
        if (row?.id !== position.playerId) throw new AppError('timeline.notFound');
      }
      return ok('timeline.position.ok', { page: position.page, index: position.index, total: position.total });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/player/timeline/item',
    tag: TAG,
    summary: 'One timeline entry by id (hidden entries only for staff).',
    area: 'commentItem',
    auth: 'optional',
    policy: rules.anyone,
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
    appScope: 'reply',
    tag: TAG,
    summary: 'Reply on a case, optionally quoting one of its entries (`toCommentId`).',
    area: 'reply',
    auth: 'required',
    policy: timelinePolicy.reply,
    userLimit: commentLimit,
    body: replyBody,
    captcha: 'skippable',
    success: { code: 'reply.success' },
    errors: ['reply.notFound', 'reply.spam', 'user.needBindEaAccount', 'request.rateLimited'],
    handler: async ({ user, body, services }) => {
      return ok('reply.success', await postReply(services, user, body.data), { message: 'Thank you.' });
    },
  }),
  defineRoute({
    method: 'post',
    path: '/player/unReply',
    appScope: 'reply',
    tag: TAG,
    summary: 'Hide an entry (staff: any, and `valid: true` shows it again; authors: their own replies).',
    area: 'unReply',
    auth: 'required',
    policy: timelinePolicy.hide,
    body: hideReplyBody,
    success: { code: 'unReply.success' },
    errors: ['unReply.notFound', 'unReply.bad', 'user.permissionDenined'],
    handler: async ({ user, body, services }) => {
      const entry = await setEntryVisibility(services, user, body.data.id, body.data.valid);
      return ok('unReply.success', { id: entry.id, valid: entry.valid });
    },
  }),
  defineRoute({
    method: 'post',
    path: '/player/update',
    appScope: 'reply',
    tag: 'Cases',
    summary: 'Refresh a case’s name and avatar from the platform (staff: `?blockAvatar=true|false`).',
    area: 'update',
    auth: 'required',
    policy: casePolicy.update,
    userLimit: commentLimit,
    body: updateBody,
    query: z.object({ blockAvatar: boolParam.optional() }),
    success: { code: 'update.success' },
    errors: ['update.notFound', 'update.error'],
    handler: async ({ body, query, user, services }) => {
      const blockAvatar = user.isAdmin ? query.blockAvatar : undefined;
      return ok('update.success', await refreshCase(services, body, { blockAvatar }));
    },
  }),
];
