import { api } from './client';
import type { UserInfo, UserReport } from './types';

/** Other users' profiles (`/user/info`, `/user/reports`). */

export const getUserInfo = (id: number, asStaff: boolean, signal?: AbortSignal) =>
  api.get<UserInfo>(asStaff ? '/user/info4admin' : '/user/info', { id }, { signal });

/** `page` is 0-based: the endpoint takes a page index as `skip`. */
export const getUserReports = (id: number, page: number, limit: number, signal?: AbortSignal) =>
  api.getList<UserReport>('/user/reports', { id, skip: page, limit }, { signal });
