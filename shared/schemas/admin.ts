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
  /** The actor is an application's bot account (the action was made with its key). */
  actorApp?: { id: number; name: string };
  targetUserId: number | null;
  targetUserName: string | null;
  targetCaseId: number | null;
  targetEntryId: number | null;
  detail: Record<string, unknown>;
}

/** What the user operation log records (server/db/schema/admin.ts keeps the same list). */
export const USER_OPERATION_KINDS = ['signup', 'signin', 'signout', 'changePassword', 'resetPassword', 'changeName', 'bind', 'unbind', 'revokeTokens'] as const;
export type UserOperationKindName = (typeof USER_OPERATION_KINDS)[number];

/** `GET /admin/userOperationLogs`: `id` is the user (as the original names it). */
export const userOperationLogsQuery = adminPage.extend(timeWindow.shape).extend({
  id: idParam.optional(),
  kind: z.enum(USER_OPERATION_KINDS).optional(),
});
export type UserOperationLogsQuery = z.infer<typeof userOperationLogsQuery>;

/** One operation of a user on their own account; `ip` is null unless the reader is root or dev. */
export interface UserOperationItem {
  id: number;
  createTime: string;
  userId: number;
  username: string | null;
  kind: UserOperationKindName;
  ip: string | null;
  userAgent: string | null;
  detail: Record<string, unknown>;
}

const CHAT_TYPES = ['direct', 'warn', 'fatal', 'command', 'reply', 'banAppeal', 'toAll', 'toAdmins', 'toNormals'] as const;

/** `GET /admin/chatLog`: every message, by sender, recipient, type and time. */
export const chatLogQuery = adminPage.extend(timeWindow.shape).extend({
  byUserId: idParam.optional(),
  toUserId: idParam.optional(),
  type: z.enum(CHAT_TYPES).optional(),
});
export type ChatLogQuery = z.infer<typeof chatLogQuery>;

export interface ChatLogItem {
  id: number;
  createTime: string;
  type: string;
  byUserId: number | null;
  byUserName: string | null;
  toUserId: number | null;
  toUserName: string | null;
  /** Sanitised HTML, as stored. */
  content: string;
  playerId: number | null;
  haveRead: boolean;
}

/** `GET /admin/verifications`: pending codes, newest first. */
export const verificationsQuery = z.object({
  skip: skipParam,
  limit: limitParam(100, 20),
  type: z.enum(['register', 'binding', 'reset']).optional(),
});
export type VerificationsQuery = z.infer<typeof verificationsQuery>;

/** A pending code as root and dev see it: who and what, never the code nor anything secret. */
export interface VerificationItem {
  type: 'register' | 'binding' | 'reset';
  userId: number | null;
  username: string | null;
  originName: string | null;
  createTime: string;
  expiresTime: string;
}

/** Counts of one admin, aligned with `days` and `months` of the answer. */
export interface AdminActivity {
  id: number;
  username: string;
  privilege: string[];
  judgementsByDay: number[];
  repliesByDay: number[];
  judgementsByMonth: number[];
  repliesByMonth: number[];
  /** The last judgement or reply, or null when none. */
  lastActive: string | null;
}

/** `GET /admin/userStats`: staff activity of the last 30 days and 12 months (UTC), computed at most hourly. */
export interface UserStats {
  /** `YYYY-MM-DD`, oldest first, today last. */
  days: string[];
  /** `YYYY-MM`, oldest first, this month last. */
  months: string[];
  admins: AdminActivity[];
  /** Staff with no judgement or reply in the last 30 days, longest idle first. */
  inactive: Array<{ id: number; username: string; lastActive: string | null }>;
  generatedAt: string;
}
