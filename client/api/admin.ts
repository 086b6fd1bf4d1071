import type { CaseRecord } from '@shared/types/cases';
import { api } from './client';

/** The staff endpoints of the admin area (judgement log, appeals queue, staff list). */

/** The body of `POST /admin/judgementLog`: a page, filtered by admin, case and time (epoch ms). */
export interface JudgementLogBody {
  skip: number;
  limit: number;
  userId?: number;
  userName?: string;
  dbId?: number;
  createTimeFrom?: number;
  createTimeTo?: number;
}

/** One judgement of the log, hidden ones included (`valid: false`). */
export interface JudgementLogItem {
  id: number;
  createTime: string;
  judgeAction: string | null;
  byUserId: number | null;
  username: string | null;
  privilege: string[];
  toPlayerId: number;
  toOriginName: string;
  toOriginPersonaId: string;
  toOriginUserId?: string;
  /** Sanitised HTML. */
  content: string;
  cheatMethods: string[];
  hackerLevel: number | null;
  valid: boolean;
}

/** Every judgement, newest first; read past any cache, staff expect what was just judged. */
export const getJudgementLog = (body: JudgementLogBody, signal?: AbortSignal) =>
  api.postList<JudgementLogItem>('/admin/judgementLog', body, { signal, fresh: true });

/** Appeal states as the server stores them on appeal entries. */
export type AppealState = 'unprocessed' | 'accept' | 'fail' | 'lock';

/** A row of `GET /banAppeals`: the case, with the appeal (its timeline entry) as staff see it. */
export interface BanAppealRow extends CaseRecord {
  /** The appeal's timeline entry: `#floor-<appealId>` on the case page. */
  appealId: number;
  /** `moss`, `farm`, `other`, or `none` when none was given. */
  appealType: string;
  appealStatus: string | null;
  appealTime: string;
  byUserId: number | null;
  byUserName: string | null;
  /** The staff who have opened it, by user id. */
  viewedAdmins: number[];
}

export interface BanAppealsQuery {
  skip: number;
  limit: number;
  order: 'asc' | 'desc';
  /** A stored state, `all`, or the original's names (`open` = unprocessed, `close` = accept or fail). */
  status: AppealState | 'all' | 'open' | 'close';
  game?: string;
}

/** Appeals with their cases, newest first by default, with the exact total; the list is cached for 30 s by browsers, so staff read it fresh. */
export const getBanAppeals = (query: BanAppealsQuery, signal?: AbortSignal) =>
  api.get<{ result: BanAppealRow[]; total: number }>('/banAppeals', { ...query }, { signal, fresh: true });

export interface StaffMember {
  id: number;
  username: string;
  privilege: string[];
}

/** The staff (admin, super, root, dev): names for the ids an appeal's viewers are kept as. */
export const getStaff = (signal?: AbortSignal) => api.get<StaffMember[]>('/admins', undefined, { signal });
