import { z } from 'zod';
import { CHEAT_METHODS, GAMES } from '../games';
import { LIMITS } from '../limits';
import { TIMELINE_SUBJECTS } from '../timeline';
import { captchaFields } from './captcha';
import { epochMs, idParam, platformId, skipParam, limitParam, boolParam } from './common';

const gameField = z.enum(GAMES);
export const gameFilter = z.enum([...GAMES, 'all']).default('all');
/** -1 = every status. */
const statusFilter = z.coerce.number().int().min(-1).max(9).default(-1);
export const orderField = z.enum(['asc', 'desc']);

export const playersQuery = z.object({
  game: gameFilter,
  status: statusFilter,
  createTimeFrom: epochMs.optional(),
  createTimeTo: epochMs.optional(),
  updateTimeFrom: epochMs.optional(),
  updateTimeTo: epochMs.optional(),
  sortBy: z.enum(['createTime', 'updateTime', 'viewNum', 'commentsNum']).default('createTime'),
  order: orderField.default('desc'),
  skip: skipParam,
  limit: limitParam(100, 20),
});
export type PlayersQuery = z.infer<typeof playersQuery>;

/** `GET /players/stream`: the filters and sort of `/players`, every match (no page; `limit`, uncapped, stops it early). */
export const playersStreamQuery = playersQuery.omit({ skip: true, limit: true }).extend({ limit: z.coerce.number().int().min(1).optional() });
export type PlayersStreamQuery = z.infer<typeof playersStreamQuery>;

/** One of the three keys of a case; `userId` wins, then `personaId`, then `dbId` (as the original). */
const caseKeyShape = {
  userId: platformId.optional(),
  personaId: platformId.optional(),
  dbId: idParam.optional(),
};
const hasKey = (v: { userId?: string; personaId?: string; dbId?: number }) => v.userId !== undefined || v.personaId !== undefined || v.dbId !== undefined;
/** Empty strings (clients send `dbId=&personaId=1`) count as absent. */
const dropEmpty = (v: unknown) =>
  v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).filter(([, x]) => x !== '' && x !== null)) : v;

export const caseKey = z.preprocess(dropEmpty, z.object(caseKeyShape).refine(hasKey, 'userId, personaId or dbId is required'));
export type CaseKey = z.infer<typeof caseKey>;

export const playerQuery = z.preprocess(
  dropEmpty,
  z.object({ ...caseKeyShape, history: boolParam.optional() }).refine(hasKey, 'userId, personaId or dbId is required'),
);

/** Arrays or comma strings (`?dbIds=1,2` / `dbIds[]=1&dbIds[]=2`). */
const idList = <T extends z.ZodType>(item: T, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : typeof v === 'number' ? [v] : v),
    z.array(item).max(max),
  );

export const batchBody = z
  .object({ userIds: idList(platformId, 1024).optional(), personaIds: idList(platformId, 1024).optional(), dbIds: idList(idParam, 1024).optional() })
  .refine((v) => (v.userIds?.length ?? 0) + (v.personaIds?.length ?? 0) + (v.dbIds?.length ?? 0) > 0, 'userIds, personaIds or dbIds is required');

export const batchsQuery = z
  .object({ userIds: idList(platformId, 128).optional(), personaIds: idList(platformId, 128).optional(), dbIds: idList(idParam, 128).optional() })
  .refine((v) => (v.userIds?.length ?? 0) + (v.personaIds?.length ?? 0) + (v.dbIds?.length ?? 0) > 0, 'userIds, personaIds or dbIds is required')
  .refine((v) => (v.userIds?.length ?? 0) + (v.personaIds?.length ?? 0) + (v.dbIds?.length ?? 0) <= 128, 'at most 128 ids');

export const viewedBody = z.object({ data: z.object({ id: idParam }) });

/** Known cheat methods only; unknown ones are dropped, at least one must remain. */
const cheatMethodsField = z
  .array(z.string().max(32))
  .max(20)
  .transform((list) => [...new Set(list.filter((m): m is (typeof CHEAT_METHODS)[number] => (CHEAT_METHODS as readonly string[]).includes(m)))])
  .refine((list) => list.length > 0, 'choose at least one cheat method');

const videoLinkField = z
  .string()
  .max(LIMITS.videoLinkMax)
  .nullish()
  .transform((v) => v ?? '');

const reportFields = {
  game: gameField,
  cheatMethods: cheatMethodsField,
  videoLink: videoLinkField,
  description: z.string().min(1).max(LIMITS.reportMax),
};

export const reportBody = captchaFields.extend({
  data: z.object({
    ...reportFields,
    originName: z.string().trim().min(1).max(LIMITS.originNameMax).regex(/^[A-Za-z0-9_-]+$/, 'one game ID: letters, digits, _ and - only'),
  }),
});
export type ReportInput = z.infer<typeof reportBody>['data'];

export const reportByIdBody = captchaFields.extend({
  data: z
    .object({ ...reportFields, originUserId: platformId.optional(), originPersonaId: platformId.optional() })
    .refine((v) => v.originUserId !== undefined || v.originPersonaId !== undefined, 'originUserId or originPersonaId is required'),
});

export const replyBody = captchaFields.extend({
  data: z.object({
    toPlayerId: idParam,
    toCommentId: idParam.nullish(),
    content: z.string().min(1).max(LIMITS.replyMax),
  }),
});

export const hideReplyBody = z.object({ data: z.object({ id: idParam, valid: z.boolean().default(false) }) });

/** `player/update` takes its key at the top level (both clients send `{personaId}`). */
export const updateBody = caseKey;

/**
 * Timeline entry types to show: one (`subject=reply`, as the original) or several, repeated
 * (`subject=report&subject=reply`, `subject[]=...`) or comma-separated (`report,reply`).
 * Read as a list without duplicates; absent = every type.
 */
const subjectsParam = z.preprocess(
  (v) => {
    const parts = (Array.isArray(v) ? v : [v]).flatMap((x) => (typeof x === 'string' ? x.split(',') : [x]));
    return parts.map((x) => (typeof x === 'string' ? x.trim() : x)).filter((x) => x !== '');
  },
  z
    .array(z.enum(TIMELINE_SUBJECTS))
    .min(1)
    .max(TIMELINE_SUBJECTS.length * 2)
    .transform((list) => [...new Set(list)]),
);

export const timelineQuery = z.preprocess(
  dropEmpty,
  z
    .object({
      ...caseKeyShape,
      skip: skipParam,
      limit: limitParam(100, LIMITS.timelinePage),
      order: orderField.default('asc'),
      subject: subjectsParam.optional(),
    })
    .refine(hasKey, 'userId, personaId or dbId is required'),
);
export type TimelineQuery = z.infer<typeof timelineQuery>;

/** Where an entry stands in a timeline listed with these page size, order and types. */
export const timelinePositionQuery = z.preprocess(
  dropEmpty,
  z.object({
    id: idParam,
    /** Optional: the case the entry must belong to. */
    ...caseKeyShape,
    limit: limitParam(100, LIMITS.timelinePage),
    order: orderField.default('asc'),
    subject: subjectsParam.optional(),
  }),
);

export const timelineItemQuery = z.object({ id: idParam });

export const subscribeIdBody = z.object({ id: idParam });
export const subscribesPageBody = z.object({ skip: skipParam, limit: limitParam(100, 10) });
export const subscribeIdsBody = z.object({ playerIds: z.array(idParam).min(1).max(100) });

/** `user/reports`: `skip` is a page index here (docs/api-compatibility.md#paging). */
export const userReportsQuery = z.object({ id: idParam, skip: skipParam, limit: limitParam(100, 10) });
