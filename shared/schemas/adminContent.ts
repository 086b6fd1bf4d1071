import { z } from 'zod';
import { TIMELINE_SUBJECTS } from '../timeline';
import { APPEAL_STATES, JUDGE_ACTIONS } from '../judgement';
import { LIMITS } from '../limits';
import type { TimelineEntry } from '../types/cases';
import { idParam } from './common';
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

/** `GET /admin/commentAll`: every timeline entry, hidden and deleted ones included, filtered. */
export const commentAllQuery = adminPage.extend(timeWindow.shape).extend({
  type: oneOrMany(TIMELINE_SUBJECTS).optional(),
  /** The case (its database id). */
  playerId: idParam.optional(),
  /** The author. */
  userId: idParam.optional(),
  state: z.enum(COMMENT_STATES).default('all'),
});
export type CommentAllQuery = z.infer<typeof commentAllQuery>;

/** `GET /admin/commentTypeList`: appeals (by state) or judgements (by action). */
export const commentTypeListQuery = adminPage.extend({
  type: z.enum(['banAppeal', 'judgement']),
  banAppealStats: z.enum(APPEAL_STATES).optional(),
  judgeAction: z.enum(JUDGE_ACTIONS).optional(),
});
export type CommentTypeListQuery = z.infer<typeof commentTypeListQuery>;

/** `GET /admin/commentAppeal`: appeal entries, by state. */
export const commentAppealQuery = adminPage.extend({ banAppealStats: z.enum(APPEAL_STATES).optional() });
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
