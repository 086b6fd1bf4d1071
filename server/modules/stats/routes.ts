import { rules } from '@shared/policy';
import {
  activeStatisticalQuery,
  activitiesQuery,
  banAppealsQuery,
  playerStatisticsBody,
  statisticsQuery,
  trendQuery,
} from '@shared/schemas/stats';
import { defineRoute, type AnyRoute } from '@server/http/route';
import { ok } from '@server/http/envelope';
import { PUBLIC_READ } from '@server/http/cache-control';
import { playerStatistics } from './player-statistics';
import {
  activitiesKey,
  activitiesReply,
  rankingsKey,
  rankingsReply,
  siteStatsReply,
  statisticsKey,
  statisticsReply,
  trendKey,
  trendReply,
} from './cached-read';
import { staffUsers } from './staff';
import { listBanAppeals } from './ban-appeals';
import { presentAdmin, presentAppeal } from './presenter';

const TAG = 'Statistics';

export const statsRoutes: AnyRoute[] = [
  defineRoute({
    method: 'get',
    path: '/statistics',
    tag: TAG,
    summary:
      'Site counters, only those asked for (`reports`, `players`, `confirmed`, `registers`, `admins`, `banAppeals`; any non-empty value asks). Reports, registrations and appeals count from the UTC day of `from` (epoch ms).',
    area: 'statistics',
    auth: 'none',
    policy: rules.anyone,
    query: statisticsQuery,
    rateLimit: 'statistics',
    cache: PUBLIC_READ,
    keep: ({ query }) => statisticsKey(query),
    success: { code: 'statistics.ok' },
    handler: ({ query, read }) => read((db) => statisticsReply(db, query)),
  }),
  defineRoute({
    method: 'post',
    path: '/playerStatistics',
    tag: TAG,
    summary: 'Case counts for up to 12 `{game (or *), status (-1 = all)}` pairs, answered in request order.',
    area: 'playerStatistics',
    auth: 'none',
    policy: rules.anyone,
    /** A read, though POSTed: an app's token may call it. */
    appToken: true,
    body: playerStatisticsBody,
    success: { code: 'playerStatistics.success' },
    handler: async ({ body, read }) => ok('playerStatistics.success', await read((db) => playerStatistics(db, body.data))),
  }),
  defineRoute({
    method: 'get',
    path: '/activities',
    tag: TAG,
    summary: 'The activity feed: registrations, reports, judgements and appeals before `from` (epoch ms, default now), newest first.',
    area: 'activities',
    auth: 'none',
    policy: rules.anyone,
    query: activitiesQuery,
    cache: PUBLIC_READ,
    keep: ({ query }) => activitiesKey(query),
    success: { code: 'activities.ok' },
    handler: ({ query, read }) => read((db) => activitiesReply(db, query)),
  }),
  defineRoute({
    method: 'get',
    path: '/trend',
    tag: TAG,
    summary: 'Cases with the most activity (timeline entries) in the last day, week, month or year; `hot` is that count.',
    area: 'trend',
    auth: 'none',
    policy: rules.anyone,
    query: trendQuery,
    cache: PUBLIC_READ,
    keep: ({ query }) => trendKey(query),
    success: { code: 'trend.ok' },
    handler: ({ query, read }) => read((db) => trendReply(db, query)),
  }),
  defineRoute({
    method: 'get',
    path: '/siteStats',
    tag: TAG,
    summary: 'Cumulative cases, confirmed cases and users at 21 points from 2018-10-12 to now.',
    area: 'siteStats',
    auth: 'none',
    policy: rules.anyone,
    cache: PUBLIC_READ,
    keep: () => 'siteStats',
    success: { code: 'siteStats.ok' },
    handler: ({ read }) => read((db) => siteStatsReply(db)),
  }),
  defineRoute({
    method: 'get',
    path: '/activeStatistical',
    tag: TAG,
    summary: 'Top 10 users of the window by community participation, by reports, and by achievement points (`isBot=true` includes bots).',
    area: 'activeStatistical',
    auth: 'none',
    policy: rules.anyone,
    query: activeStatisticalQuery,
    cache: PUBLIC_READ,
    keep: ({ query }) => rankingsKey(query),
    success: { code: 'statistics.ok' },
    handler: ({ query, read }) => read((db) => rankingsReply(db, query)),
  }),
  defineRoute({
    method: 'get',
    path: '/admins',
    tag: TAG,
    summary: 'The staff (admin, super, root, dev); platform accounts only of those who show them.',
    area: 'getAdmins',
    auth: 'none',
    policy: rules.anyone,
    cache: PUBLIC_READ,
    success: { code: 'getAdmins.success' },
    handler: async ({ read }) => {
      return ok('getAdmins.success', (await read((db) => staffUsers(db))).map(presentAdmin));
    },
  }),
  defineRoute({
    method: 'get',
    path: '/banAppeals',
    tag: TAG,
    summary: 'Appeals with their cases, by game, time and appeal status (open by default), paged with the exact total.',
    area: 'banAppeals',
    auth: 'none',
    policy: rules.anyone,
    query: banAppealsQuery,
    cache: PUBLIC_READ,
    success: { code: 'banAppeals.ok' },
    handler: async ({ query, read }) => {
      const { rows, total } = await read((db) => listBanAppeals(db, query));
      return ok('banAppeals.ok', { result: rows.map(presentAppeal), total });
    },
  }),
];
