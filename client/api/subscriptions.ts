import type { CaseRecord } from '@shared/types/cases';
import { api } from './client';

/** Following cases (`/user/subscribes` and its siblings): ids are case ids (`dbId`). */

export const isFollowing = (id: number) => api.post<boolean>('/user/isSubscribes', { id });

export const follow = (id: number) => api.post<void>('/user/subscribes/add', { playerIds: [id] });

export const unfollow = (id: number) => api.post<void>('/user/subscribes/delete', { playerIds: [id] });

/** `page` is 0-based: the endpoint takes a page index as `skip`. */
export const getFollowed = (page: number, limit: number) => api.postList<CaseRecord>('/user/subscribes', { skip: page, limit });
