import { z } from 'zod';
import { epochMs, idParam, limitParam, skipParam } from './common';

/** Page and order shared by the admin lists (`?skip&limit&order`). */
export const adminPage = z.object({
  skip: skipParam,
  limit: limitParam(100, 20),
  order: z.enum(['asc', 'desc']).default('desc'),
});

/** Time window of the admin logs (epoch ms, both ends included). */
export const timeWindow = z.object({ createTimeFrom: epochMs.optional(), createTimeTo: epochMs.optional() });

/** `GET /admin/adminLog`: every staff write, filtered by who did it, to whom, what and when. */
export const adminLogQuery = adminPage.extend(timeWindow.shape).extend({
  actorId: idParam.optional(),
  targetUserId: idParam.optional(),
  action: z.string().trim().min(1).max(48).optional(),
});
export type AdminLogQuery = z.infer<typeof adminLogQuery>;

/** One line of the admin log as the console shows it. */
export interface AdminLogItem {
  id: number;
  createTime: string;
  action: string;
  actorId: number;
  actorName: string | null;
  targetUserId: number | null;
  targetUserName: string | null;
  targetCaseId: number | null;
  targetEntryId: number | null;
  detail: Record<string, unknown>;
}
