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

export const getPlayers = (query: PlayersQuery, signal?: AbortSignal) =>
  api.get<{ result: CaseRecord[]; total: number }>('/players', { ...query, order: 'desc' }, { signal });

export type CaseWithHistory = CaseRecord & { history: NameHistoryItem[] };

export const getPlayer = (key: CaseKey, signal?: AbortSignal) => api.get<CaseWithHistory>('/player', { ...key, history: true }, { signal });

export const markViewed = (id: number) => api.post<{ counted: boolean; viewNum: number }>('/player/viewed', { data: { id } });

export const refreshPlayer = (key: CaseKey) => api.post<CaseRecord>('/player/update', key);

export interface TimelineQuery {
  skip: number;
  limit: number;
  order: 'asc' | 'desc';
  subject?: TimelineSubject;
}

export const getTimeline = (key: CaseKey, query: TimelineQuery, signal?: AbortSignal) =>
  api.get<{ result: TimelineEntry[]; total: number }>('/player/timeline', { ...key, ...query }, { signal });

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
