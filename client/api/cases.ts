import type { CaseRecord, NameHistoryItem, TimelineEntry } from '@shared/types/cases';
import type { TimelineSubject } from '@shared/timeline';
import { api } from './client';
import type { CaptchaAnswer } from './types';

/** The case endpoints (server/modules/cases, reports and timeline), one function each. */

/** How a case is named in a request: at least one of its three keys. */
export interface CaseKey {
  personaId?: string;
  userId?: string;
  dbId?: number;
}

export interface PlayersQuery {
  game: string;
  status: number;
  sortBy: 'createTime' | 'updateTime' | 'viewNum' | 'commentsNum';
  skip: number;
  limit: number;
  createTimeFrom?: number;
  createTimeTo?: number;
  updateTimeFrom?: number;
  updateTimeTo?: number;
}

/** `fresh` reads past the browser's cache (the server lets it keep a list 10 s): after live activity. */
export const getPlayers = (query: PlayersQuery, signal?: AbortSignal, fresh = false) =>
  api.get<{ result: CaseRecord[]; total: number }>('/players', { ...query, order: 'desc' }, { signal, fresh });

export type CaseWithHistory = CaseRecord & { history: NameHistoryItem[] };

/** Always read past the browser's cache (the server lets others keep a case 30 s): the case page is live. */
export const getPlayer = (key: CaseKey, signal?: AbortSignal) => api.get<CaseWithHistory>('/player', { ...key, history: true }, { signal, fresh: true });

/** `getPlayer` with the case room's `lastSeq` the record is current as of: the case page joins the room from it. */
export const getLivePlayer = (key: CaseKey, signal?: AbortSignal) => api.getLive<CaseWithHistory>('/player', { ...key, history: true }, { signal, fresh: true });

export const markViewed = (id: number) => api.post<{ counted: boolean; viewNum: number }>('/player/viewed', { data: { id } });

export const refreshPlayer = (key: CaseKey) => api.post<CaseRecord>('/player/update', key);

export interface TimelineQuery {
  skip: number;
  limit: number;
  order: 'asc' | 'desc';
  /** Entry types to list (one request for several); absent = every type. */
  subject?: readonly TimelineSubject[];
}

/** `subject` as the server reads a list: comma-separated. */
const subjectParam = (subject: readonly TimelineSubject[] | undefined) => (subject?.length ? subject.join(',') : undefined);

export const getTimeline = (key: CaseKey, query: TimelineQuery, signal?: AbortSignal) =>
  api.get<{ result: TimelineEntry[]; total: number; lastSeq: number }>('/player/timeline', { ...key, ...query, subject: subjectParam(query.subject) }, { signal });

export interface TimelinePositionQuery {
  /** The entry. */
  id: number;
  limit: number;
  order: 'asc' | 'desc';
  subject?: readonly TimelineSubject[];
}

/** Where an entry stands in the case's timeline listed this way (`page` 1-based, `index` 0-based); `timeline.notFound` when that listing does not show it. */
export const getTimelinePosition = (key: CaseKey, query: TimelinePositionQuery, signal?: AbortSignal) =>
  api.get<{ page: number; index: number; total: number }>('/player/timeline/position', { ...key, ...query, subject: subjectParam(query.subject) }, { signal });

export const reply = (data: { toPlayerId: number; toCommentId?: number; content: string }, captcha: CaptchaAnswer) =>
  api.post<TimelineEntry>('/player/reply', { data, captcha });

export const setEntryVisible = (id: number, valid: boolean) => api.post<{ id: number; valid: boolean }>('/player/unReply', { data: { id, valid } });

export interface ReportInput {
  game: string;
  originName: string;
  cheatMethods: string[];
  videoLink: string;
  description: string;
}

export const report = (data: ReportInput, captcha: CaptchaAnswer) =>
  api.post<{ originName: string; originUserId: string; originPersonaId: string; dbId: number }>('/player/report', { data, captcha });

/** Full records of up to 128 cases by id (the history page); ids without a case are left out. */
export const getCasesByIds = (ids: readonly number[], signal?: AbortSignal) => api.get<CaseRecord[]>('/player/batch', { dbIds: ids.join(',') }, { signal });
