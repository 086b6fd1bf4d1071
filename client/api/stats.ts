import type { ActivityItem } from '@shared/types/cases';
import { api } from './client';

/** Site activity and counters (api-clients calls 5 and 13). */

export const getActivities = (limit: number, signal?: AbortSignal) => api.get<ActivityItem[]>('/activities', { limit }, { signal });

export interface SiteCounters {
  reports: number;
  players: number;
  confirmed: number;
  registers: number;
}

/** `fresh` after live activity: the answer is otherwise cached for 30 s. */
export const getCounters = (fresh: boolean, signal?: AbortSignal) =>
  api.get<SiteCounters>('/statistics', { reports: true, players: true, confirmed: true, registers: true }, { signal, fresh });
