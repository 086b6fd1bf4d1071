import type { AdminComment, CommentState, SetCommentResult } from '@shared/schemas/adminContent';
import type { Announcement, AnnouncementName, AnnouncementVersion } from '@shared/schemas/announcements';
import type { TimelineSubject } from '@shared/timeline';
import { api } from './client';

/** The comment console and the site documents (bulletin, rule announcements). */

export interface CommentListQuery {
  skip: number;
  limit: number;
  type?: TimelineSubject;
  state: CommentState;
  playerId?: number;
  userId?: number;
}

/** Every timeline entry, hidden and deleted ones included (S/R/D); read fresh, staff expect what they just changed. */
export const getAdminComments = (q: CommentListQuery, signal?: AbortSignal) => api.getList<AdminComment>('/admin/commentAll', { ...q }, { signal, fresh: true });

export interface SetCommentChange {
  id: number;
  content?: string;
  videoLink?: string | null;
  valid?: 0 | 1;
}
/** Edit, hide/show, delete (content and video link emptied) or restore (`valid: 1` on a deleted entry). */
export const setComment = (data: SetCommentChange) => api.post<SetCommentResult>('/admin/setComment', { data });

/** The latest version of a site document (or one version); fails `announcement.notFound` while none is published. */
export const getAnnouncement = (name: AnnouncementName, version?: number, signal?: AbortSignal) =>
  api.get<Announcement>('/announcement', { name, version }, { signal, fresh: true });
export const getAnnouncementVersions = (name: AnnouncementName, skip: number, limit: number, signal?: AbortSignal) =>
  api.getList<AnnouncementVersion>('/announcement/versions', { name, skip, limit }, { signal, fresh: true });
export const publishAnnouncement = (data: { name: AnnouncementName; title: string; content: string }) => api.post<Announcement>('/admin/setAnnouncement', { data });
export const restoreAnnouncement = (name: AnnouncementName, version: number) => api.post<Announcement>('/admin/restoreAnnouncement', { data: { name, version } });
