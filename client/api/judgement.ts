import type { JudgeAction } from '@shared/judgement';
import type { TimelineEntry, VoteTally } from '@shared/types/cases';
import { api } from './client';

/** The judgement and appeal endpoints (server/modules/judgement, server/modules/appeals). */

export interface JudgementInput {
  toPlayerId: number;
  action: JudgeAction;
  content: string;
  /** Only for guilt and kill; null otherwise. */
  cheatMethods: string[] | null;
  hackerLevel: number | null;
}

export interface JudgementResult {
  nextstate: number;
  laterStatus: number;
  previousStatus: number;
  updateTime: string;
}

export const judge = (data: JudgementInput) => api.post<JudgementResult>('/player/judgement', { data });

/** The running tally of a case's confirming votes; read past the cache, as it moves with every vote. */
export const getVotes = (dbId: number, signal?: AbortSignal) => api.get<VoteTally>('/player/votes', { dbId }, { signal, fresh: true });

export type AppealTypeChoice = 'moss' | 'farm' | 'other';

export interface AppealInput {
  toPlayerId: number;
  appealType: AppealTypeChoice;
  content: string;
  extendedLinks: { btrLink?: string; videoLink?: string; mossDownloadUrl?: string };
}

export const fileAppeal = (data: AppealInput) => api.post<{ id: number; toPlayerId: number; status: number }>('/player/banAppeal', { data });

/** Staff: records that they viewed the appeal; `lock` freezes judging, `open` unlocks. Answers the entry as staff see it. */
export const reviewAppeal = (data: { id: number; status?: 'open' | 'lock' }) => api.post<TimelineEntry>('/player/viewBanAppeal', { data });

/** Staff: fails the case's open appeal; the case returns to the status it had before. */
export const failAppeal = (toPlayerId: number) => api.post<JudgementResult>('/admin/setAppeal', { toPlayerId });

/** One timeline entry as this reader may see it (appeal attachments for signed-in readers). */
export const getTimelineItem = (id: number, signal?: AbortSignal) => api.get<TimelineEntry>('/player/timeline/item', { id }, { signal });
