import type { AppScope, ApplicationState } from '@shared/applications';
import type { AppKey, Application, ApplicationRegistration, ApplicationUsageRow, CreatedKey } from '@shared/schemas/applications';
import { api } from './client';

/** Applications and their keys (`/developers`), and their review by staff (`/admin/applications`). */
export const getMyApplications = (signal?: AbortSignal) => api.getList<Application>('/developers/applications', undefined, { signal, fresh: true });
export const registerApplication = (data: ApplicationRegistration) => api.post<Application>('/developers/applications', { data });
export const getMyUsage = (id: number, signal?: AbortSignal) => api.get<ApplicationUsageRow[]>('/developers/applications/usage', { id }, { signal, fresh: true });
export const createKey = (applicationId: number, name: string, scopes?: AppScope[]) => api.post<CreatedKey>('/developers/keys', { data: { applicationId, name, scopes } });
export const rotateKey = (id: number) => api.post<CreatedKey>('/developers/keys/rotate', { data: { id } });
export const revokeKey = (id: number) => api.post<AppKey>('/developers/keys/revoke', { data: { id } });

export const getStaffApplications = (status: ApplicationState | 'all', skip: number, limit: number, signal?: AbortSignal) =>
  api.getList<Application>('/admin/applications', { status, skip, limit }, { signal, fresh: true });
export const getStaffUsage = (id: number, signal?: AbortSignal) => api.get<ApplicationUsageRow[]>('/admin/applications/usage', { id }, { signal, fresh: true });
export const reviewApplication = (id: number, action: 'approve' | 'refuse' | 'suspend', reason?: string, scopes?: AppScope[]) =>
  api.post<Application>('/admin/applications/review', { data: { id, action, reason, scopes } });
