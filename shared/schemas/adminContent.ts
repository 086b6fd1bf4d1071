import { z } from 'zod';
import { TIMELINE_SUBJECTS } from '../timeline';
import { APPEAL_STATES, JUDGE_ACTIONS, type AppealState } from '../judgement';
import { LIMITS } from '../limits';
import type { TimelineEntry } from '../types/cases';
import { emptyAsAbsent, idParam } from './common';
import { adminPage, timeWindow } from './admin';

/** One or several values: `type=reply&type=report` or `type=reply,report`. */
const oneOrMany = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.enum(values)).max(values.length));

/** Which entries a comment list shows by their state: visible, hidden by staff, deleted (soft), or all. */
export const COMMENT_STATES = ['all', 'visible', 'hidden', 'deleted'] as const;
export type CommentState = (typeof COMMENT_STATES)[number];

/** `all` (what the original's staff page sends by default) and an empty value: no filter. */
const anyAsAbsent = (v: unknown) => (v === 'all' ? undefined : emptyAsAbsent(v));

/** `GET /admin/commentAll`: every timeline entry, hidden and deleted ones included, filtered. */
export const commentAllQuery = adminPage.extend(timeWindow.shape).extend({
  type: z.preprocess(anyAsAbsent, oneOrMany(TIMELINE_SUBJECTS).optional()),
  /** One entry, by its id (the staff page's search by comment id). */
  id: z.preprocess(anyAsAbsent, idParam.optional()),
  /** The case (its database id). */
  playerId: idParam.optional(),
  /** The author. */
  userId: idParam.optional(),
  state: z.enum(COMMENT_STATES).default('all'),
});
export type CommentAllQuery = z.infer<typeof commentAllQuery>;

/** The original's appeal states, which its staff page filters by: `close` is an appeal accepted or failed. */
const ORIGINAL_APPEAL_STATES: Record<string, readonly AppealState[]> = { open: ['unprocessed'], close: ['accept', 'fail'] };

/** An appeal-state filter: one of ours or of the original's, as the states it covers. */
const appealStateFilter = z.enum([...APPEAL_STATES, 'open', 'close']).transform((s): readonly AppealState[] => ORIGINAL_APPEAL_STATES[s] ?? [s as AppealState]);

/** `GET /admin/commentTypeList`: appeals (by state) or judgements (by action). */
export const commentTypeListQuery = adminPage.extend({
  type: z.enum(['banAppeal', 'judgement']),
  banAppealStats: appealStateFilter.optional(),
  judgeAction: z.enum(JUDGE_ACTIONS).optional(),
});
export type CommentTypeListQuery = z.infer<typeof commentTypeListQuery>;

/** `GET /admin/commentAppeal`: appeal entries, by state. */
export const commentAppealQuery = adminPage.extend({ banAppealStats: appealStateFilter.optional() });
export type CommentAppealQuery = z.infer<typeof commentAppealQuery>;

const zeroOne = z.union([z.literal(0), z.literal(1), z.boolean(), z.enum(['0', '1'])]).transform((v) => v === 1 || v === true || v === '1');

/**
 * `POST /admin/setComment`: edit content and video link, hide (`valid: 0`) or show (`valid: 1`).
 * Content emptied with no video link left deletes the entry (softly: `valid: 1` restores it).
 */
export const setCommentBody = z.object({
  data: z.object({
    id: idParam,
    content: z.string().max(LIMITS.reportMax).optional(),
    videoLink: z.string().trim().max(LIMITS.videoLinkMax).nullable().optional(),
    valid: zeroOne.optional(),
  }),
});
export type SetCommentInput = z.infer<typeof setCommentBody>['data'];

/** What a soft delete kept, so a restore brings it back. */
export interface DeletedMark {
  time: string;
  byUserId: number;
  content: string;
  videoLink: string | null;
}

/** A timeline entry as the comment console shows it: the public entry, its visibility, and what a delete kept. */
export type AdminComment = TimelineEntry & {
  valid: boolean;
  deleted: DeletedMark | null;
  /** When staff last edited it. */
  editTime: string | null;
};

export interface SetCommentResult {
  comment: AdminComment;
  /** What the call did. */
  outcome: 'edited' | 'deleted' | 'restored' | 'hidden' | 'shown' | 'unchanged';
}
