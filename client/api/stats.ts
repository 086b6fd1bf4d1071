import type { ActivityItem, CaseRecord } from '@shared/types/cases';
import type { TimeWindow } from '@shared/schemas/stats';
import { ApiError } from './ApiError';
import { api } from './client';

/** Site activity and counters (`/statistics`, `/activities` and the other statistics routes). */

/**
 * Past the browser's cache (the answer is public for 30 s): the feed joins `all` at its head and takes
 * this read as current from there (useSiteActivity.ts), so a kept copy would show lines withdrawn
 * since, for good. A copy still current costs a 304.
 */
export const getActivities = (limit: number, signal?: AbortSignal) => api.get<ActivityItem[]>('/activities', { limit }, { signal, fresh: true });

export interface SiteCounters {
  reports: number;
  players: number;
  confirmed: number;
  registers: number;
}

/** `fresh` after live activity: the answer is otherwise cached for 30 s. */
export const getCounters = (fresh: boolean, signal?: AbortSignal) =>
  api.get<SiteCounters>('/statistics', { reports: true, players: true, confirmed: true, registers: true }, { signal, fresh });

/** The windows of the statistics page (`time` of /trend and /activeStatistical). */
export type StatsWindow = TimeWindow;

/** /statistics with every public counter: reports, registrations and appeals since `from`'s UTC day; cases now. */
export interface RangeCounters extends SiteCounters {
  banAppeals: number;
}

export const getRangeCounters = (from: number, signal?: AbortSignal) =>
  api.get<RangeCounters>('/statistics', { reports: true, players: true, confirmed: true, registers: true, banAppeals: true, from }, { signal });

/** One instant of /siteStats: the cumulative count at `time`. */
export interface SitePoint {
  time: string;
  num: number;
}

export interface SiteStats {
  playerStats: SitePoint[];
  confirmStats: SitePoint[];
  userStats: SitePoint[];
}

export const getSiteStats = (signal?: AbortSignal) => api.get<SiteStats>('/siteStats', undefined, { signal });

/** A case of /trend: `hot` is how many entries it had inside the window. */
export interface TrendingCase extends CaseRecord {
  hot: number;
}

export const getTrend = (time: StatsWindow, limit: number, signal?: AbortSignal) => api.get<TrendingCase[]>('/trend', { time, limit }, { signal });

export interface RankedUser {
  id: number;
  username: string;
  total: number;
}

export interface AchievementRank {
  id: number;
  username: string;
  points: number;
}

export interface Rankings {
  community: RankedUser[];
  report: RankedUser[];
  achievement: AchievementRank[];
}

export const getRankings = (time: StatsWindow, signal?: AbortSignal) => api.get<Rankings>('/activeStatistical', { time }, { signal });

/** `*` = every game; status -1 = every status. */
export interface CaseCountQuery {
  game: string;
  status: number;
}

export interface CaseCount extends CaseCountQuery {
  count: number;
}

/** Case counts for up to 12 `{game, status}` pairs, answered in request order. */
export const getCaseCounts = (data: readonly CaseCountQuery[], signal?: AbortSignal) => api.post<CaseCount[]>('/playerStatistics', { data }, { signal });

export type CheckState = 'ok' | 'down' | 'off';
export interface HealthChecks {
  database: { status: CheckState };
  redis: { status: CheckState };
  mail: { status: CheckState };
  platform: { status: CheckState };
}

export interface Health {
  /** Every dependency answered (HTTP 200); false on 503 `health.degraded`. */
  healthy: boolean;
  checks: HealthChecks | null;
}

/**
 * The server's own check of its dependencies. A degraded server answers 503 in the error
 * envelope with the checks beside it, so this reads the body whatever the status.
 */
export async function getHealth(signal?: AbortSignal): Promise<Health> {
  let response: Response;
  try {
    response = await fetch('/api/health', { headers: { Accept: 'application/json' }, cache: 'no-store', signal });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError('network.error', (e as Error).message, 0);
  }
  const body = (await response.json().catch(() => null)) as { success?: number; code?: string; data?: HealthChecks } | null;
  if (body?.success === 1) return { healthy: true, checks: body.data ?? null };
  if (body?.code === 'health.degraded') return { healthy: false, checks: body.data ?? null };
  throw new ApiError(body?.code ?? 'server.error', response.statusText, response.status);
}
