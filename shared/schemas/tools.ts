import { z } from 'zod';
import { LIMITS } from '../limits';
import { boolParam, idParam, limitParam, skipParam } from './common';

/**
 * The tools directory (the `/apps` screen): programs, bots and pages that work with the site. The
 * filter chips are these tags plus `all`; `bf6` also stands for bf2042, `guide` for guides/books.
 */
export const TOOL_TAGS = ['official', 'api', 'app', 'bot', 'web', 'desktop', 'bf1', 'bfv', 'bf6', 'guide', 'qq', 'admin'] as const;
export type ToolTag = (typeof TOOL_TAGS)[number];
export const TOOL_FILTERS = ['all', ...TOOL_TAGS] as const;
export type ToolFilter = (typeof TOOL_FILTERS)[number];
export const TOOL_STATES = ['pending', 'approved', 'rejected'] as const;
export type ToolState = (typeof TOOL_STATES)[number];

/** A link a tool entry may carry: https anywhere, or a path of this site. */
export const toolLink = z
  .string()
  .trim()
  .max(500)
  .refine((v) => /^\/(?!\/)[\x21-\x7e]*$/.test(v) || (URL.canParse(v) && new URL(v).protocol === 'https:'), 'an https:// address or a path of this site');

export const toolFields = {
  name: z.string().trim().min(2).max(LIMITS.toolNameMax),
  description: z.string().trim().min(LIMITS.toolDescriptionMin).max(LIMITS.toolDescriptionMax),
  icon: toolLink.optional(),
  tags: z
    .array(z.enum(TOOL_TAGS))
    .min(1)
    .max(LIMITS.toolTagsMax)
    .transform((tags) => [...new Set(tags)]),
  getUrl: toolLink.optional(),
  websiteUrl: toolLink.optional(),
};
const needsALink = (t: { getUrl?: string; websiteUrl?: string }) => !!(t.getUrl || t.websiteUrl);

/** Other names a filter is asked for by: the directory's chip reads "bf2042/bf6". */
const TAG_ALIASES: Record<string, ToolFilter> = { bf2042: 'bf6' };
/** A filter from the address (`?tag=`): a known one, an alias of one, or `all`. */
export const toolFilterOf = (raw: string | null | undefined): ToolFilter =>
  raw && TAG_ALIASES[raw] ? TAG_ALIASES[raw] : (TOOL_FILTERS as readonly string[]).includes(raw ?? '') ? (raw as ToolFilter) : 'all';

/** `GET /tools`: approved tools, hot ones first; `tag` filters (`all` or none = every tool; `bf2042` = `bf6`). */
export const toolsQuery = z.object({
  tag: z.preprocess((v) => (typeof v === 'string' && TAG_ALIASES[v] ? TAG_ALIASES[v] : v), z.enum(TOOL_FILTERS).default('all')),
  skip: skipParam,
  limit: limitParam(50, 24),
});
/** `POST /tools/submit`: a tool for the directory, waiting for staff review. */
export const submitToolBody = z.object({ data: z.object(toolFields).refine(needsALink, { message: 'give a download or a website address', path: ['getUrl'] }) });
export type ToolSubmission = z.input<typeof submitToolBody>['data'];
/** `GET /admin/tools`: the directory for staff, by state. */
export const adminToolsQuery = z.object({ status: z.enum([...TOOL_STATES, 'all']).default('pending'), skip: skipParam, limit: limitParam(100, 20) });
/** `POST /admin/tools/review`: approve, or reject with a reason the submitter sees. */
export const reviewToolBody = z.object({
  data: z
    .object({ id: idParam, action: z.enum(['approve', 'reject']), reason: z.string().trim().max(LIMITS.toolReasonMax).optional() })
    .refine((d) => d.action === 'approve' || !!d.reason, { message: 'say why it is rejected', path: ['reason'] }),
});
/** `POST /admin/tools/set`: edit an entry, mark it hot, or delete it. */
export const setToolBody = z.object({
  data: z
    .object(toolFields)
    .partial()
    .extend({ id: idParam, delete: boolParam.optional(), hot: boolParam.optional() }),
});

/** A tool as the API answers it. */
export interface Tool {
  id: number;
  name: string;
  description: string;
  icon: string | null;
  tags: ToolTag[];
  getUrl: string | null;
  websiteUrl: string | null;
  hot: boolean;
  official: boolean;
  createTime: string;
  updateTime: string;
}
/** A tool with its review, for its submitter and for staff. */
export interface ToolWithReview extends Tool {
  status: ToolState;
  submitterId: number | null;
  submitterName: string | null;
  reviewerName: string | null;
  reviewTime: string | null;
  reason: string | null;
}
