import type { AdminLogItem, ChatLogItem, UserOperationItem, UserStats, VerificationItem } from '@shared/schemas/admin';
import type { MediaFile } from '@shared/types/files';
import { api } from './client';

/** The staff records of the admin area: admin and user operation logs, messages, codes, activity, files. */

export type { AdminLogItem, ChatLogItem, UserOperationItem, UserStats, VerificationItem };

/** Query values as the filters hold them; empty ones are left out. */
export type RecordQuery = Record<string, string | number | undefined>;

const clean = (q: RecordQuery) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;

/** Staff writes, newest first (S/R/D). */
export const getAdminLog = (q: RecordQuery, signal?: AbortSignal) => api.getList<AdminLogItem>('/admin/adminLog', clean(q), { signal, fresh: true });

/** Users' operations on their accounts; addresses only for root and dev (S/R/D). */
export const getUserOperations = (q: RecordQuery, signal?: AbortSignal) => api.getList<UserOperationItem>('/admin/userOperationLogs', clean(q), { signal, fresh: true });

/** Every message (S/R/D). */
export const getChatLog = (q: RecordQuery, signal?: AbortSignal) => api.getList<ChatLogItem>('/admin/chatLog', clean(q), { signal, fresh: true });

/** Pending codes, never the codes themselves (R/D). */
export const getVerifications = (q: RecordQuery, signal?: AbortSignal) => api.getList<VerificationItem>('/admin/verifications', clean(q), { signal, fresh: true });

/** Judgements and replies per admin (A/S/R/D); the server keeps it for an hour. */
export const getUserStats = (signal?: AbortSignal) => api.get<UserStats>('/admin/userStats', undefined, { signal });

/** Every uploaded file (R/D). */
export const getAllFiles = (q: RecordQuery, signal?: AbortSignal) => api.postList<MediaFile>('/service/files', { data: clean(q) }, { signal, fresh: true });
