import type { LanguageCode } from '@shared/languages';
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

/**
 * A site document as a reader of `lang` gets it: the latest version in that language (en-US's while
 * it has none there), or one version; null while none was published.
 */
/** A document as a page shows it live, with the point of the `all` room it is current as of. */
export const getLiveAnnouncement = (name: AnnouncementName, lang: string, signal?: AbortSignal) =>
  api.getLive<Announcement | null>('/announcement', { name, lang }, { signal, fresh: true });
export const getAnnouncement = (name: AnnouncementName, lang: string, version?: number, signal?: AbortSignal) =>
  api.get<Announcement | null>('/announcement', { name, lang, version }, { signal, fresh: true });
/** A document's versions in exactly one language, newest first. */
export const getAnnouncementVersions = (name: AnnouncementName, lang: LanguageCode, skip: number, limit: number, signal?: AbortSignal) =>
  api.getList<AnnouncementVersion>('/announcement/versions', { name, lang, skip, limit }, { signal, fresh: true });
export const publishAnnouncement = (data: { name: AnnouncementName; language: LanguageCode; title: string; content: string }) => api.post<Announcement>('/admin/setAnnouncement', { data });
export const restoreAnnouncement = (name: AnnouncementName, language: LanguageCode, version: number) =>
  api.post<Announcement>('/admin/restoreAnnouncement', { data: { name, language, version } });
