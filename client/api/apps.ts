import type { AppAuthorizationView } from '@shared/schemas/external-auth';
import { api } from './client';

/** External authorization (server/modules/external-auth): the approval page and the profile's apps. */

export type { AppAuthorizationView } from '@shared/schemas/external-auth';

export const getAuthRequest = (code: string, signal?: AbortSignal) => api.get<AppAuthorizationView>('/service/authInfo', { code }, { signal, fresh: true });
export const approveAuthRequest = (code: string) => api.post<AppAuthorizationView>('/service/confirmAuth', { code });
export const refuseAuthRequest = (code: string) => api.post<AppAuthorizationView>('/service/refuseAuth', { code });
export const getMyApps = (signal?: AbortSignal) => api.get<AppAuthorizationView[]>('/user/apps', undefined, { signal, fresh: true });
export const revokeApp = (id: number) => api.post<AppAuthorizationView>('/user/apps/revoke', { id });
