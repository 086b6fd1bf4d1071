import type { StaffUserRow } from '@shared/schemas/admin-users';
import type { ManagedRole, RoleAction } from '@shared/roles';
import { api } from './client';

/** The user-management endpoints of the admin area (`/api/admin/*`). */

export type SearchUserParameter = 'id' | 'username' | 'originName' | 'originPersonaId' | 'originEmail';
export type SearchUserType = 'all' | 'admin' | 'bot';

export interface SearchUserQuery {
  name: string;
  parameter: SearchUserParameter;
  type: SearchUserType;
  skip: number;
  limit: number;
}

export const searchUsers = (q: SearchUserQuery, signal?: AbortSignal) => api.getList<StaffUserRow>('/admin/searchUser', { ...q }, { signal, fresh: true });

export const setUserRole = (id: number, action: RoleAction, role: ManagedRole) =>
  api.post<{ id: number; privilege: string[] }>('/admin/setUserRole', { data: { id, action, role } });

export const setUserAttr = (data: { id: number; username?: string; userIntroduction?: string; attr?: Record<string, unknown> }) => api.post('/admin/setUserAttr', { data });

/** Root/dev: set the binding by hand, or clear it with nulls. */
export const setUserBindData = (data: { id: number; originName: string | null; originUserId: string | null; originPersonaId?: string | null; originEmail?: string | null }) =>
  api.post('/admin/setUserBindData', { data });

export const transferBindData = (fromId: number, toId: number) => api.post('/admin/transferBindData', { data: { fromId, toId } });

export const delUser = (id: number, type: 'logic' | 'restore' | 'real') => api.post('/admin/delUser', { data: { id, type } });

export const resetPassword = (id: number) => api.post('/admin/setUserGeneratePassword', { data: { id } });

/** `value`: 0..5 = 10 min, 1 h, 12 h, 1 d, 7 d, 30 d. */
export const muteUser = (id: number, value: number, warn?: string) =>
  api.post<{ id: number; mutedUntil: string | null }>('/admin/muteUser', { data: { id, type: 'add', value }, isNotice: true, ...(warn ? { warn } : {}) });

export const unmuteUser = (id: number) => api.post<{ id: number; mutedUntil: null }>('/admin/muteUser', { data: { id, type: 'remove' }, isNotice: true });

export const getMutedUsers = (q: { skip: number; limit: number; order: 'asc' | 'desc' }, signal?: AbortSignal) =>
  api.getList<StaffUserRow>('/admin/muteUserAll', { ...q }, { signal, fresh: true });

export const getBlockedUsers = (q: { skip: number; limit: number }, signal?: AbortSignal) => api.getList<StaffUserRow>('/admin/blockedUserAll', { ...q }, { signal, fresh: true });
