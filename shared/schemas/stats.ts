import { z } from 'zod';
import { TIME_WINDOWS, type TimeWindow } from '../time-windows';
import { GAMES } from '../games';
import { gameFilter, orderField } from './cases';
import { boolParam, limitParam, skipParam } from './common';
import { LIMITS } from '../limits';
import { timeParam } from './search';

/**
 * A counter switch of the statistics calls: any present, non-empty value turns it on, `false`
 * included — clients were written against the original, which only tested truthiness (docs/api-compatibility.md#quirks-kept-on-purpose).
 */
const flagParam = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => (Array.isArray(v) ? v.some((s) => s !== '') : v !== undefined && v !== ''));

export const STATISTICS_COUNTERS = ['reports', 'players', 'confirmed', 'registers', 'admins', 'banAppeals'] as const;
export type StatisticsCounter = (typeof STATISTICS_COUNTERS)[number];

export const statisticsQuery = z.object({
  reports: flagParam,
  players: flagParam,
  confirmed: flagParam,
  registers: flagParam,
  admins: flagParam,
  banAppeals: flagParam,
  from: timeParam.default(0),
});
export type StatisticsQuery = z.infer<typeof statisticsQuery>;

/** `*` = every game; status -1 = every status. */
const playerStatisticsGame = z.enum([...GAMES, '*']);
export const playerStatisticsBody = z.object({
  data: z
    .array(
      z.object({
        game: playerStatisticsGame,
        status: z.preprocess((v) => (typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v), z.number().int().min(-1).max(9)),
      }),
    )
    .min(1)
    .max(12),
});
export type PlayerStatisticsEntry = z.infer<typeof playerStatisticsBody>['data'][number];

export const activitiesQuery = z.object({
  /** Only activity strictly before this instant (epoch ms); absent = up to now. */
  from: timeParam.optional(),
  limit: limitParam(100, 100),
});

export { TIME_WINDOWS, type TimeWindow };
const timeWindowParam = z.enum(TIME_WINDOWS).default('weekly');

export const trendQuery = z.object({
  /** Up to `trendAskedMax` asked; the answer holds at most `trendMax`. */
  limit: limitParam(LIMITS.trendAskedMax, 5),
  time: timeWindowParam,
});

export const activeStatisticalQuery = z.object({
  time: timeWindowParam,
  report: flagParam,
  community: flagParam,
  achievement: flagParam,
  /** Include bot accounts in the rankings. */
  isBot: boolParam.default(false),
});
export type ActiveStatisticalQuery = z.infer<typeof activeStatisticalQuery>;

/** The original's names (open, close, lock) and the states appeals are kept in (unprocessed, accept, fail, lock). */
const APPEAL_STATUSES = ['open', 'close', 'lock', 'unprocessed', 'accept', 'fail'] as const;

export const banAppealsQuery = z.object({
  game: gameFilter,
  createTimeFrom: timeParam.optional(),
  createTimeTo: timeParam.optional(),
  status: z.enum([...APPEAL_STATUSES, 'all']).default('open'),
  skip: skipParam,
  limit: limitParam(100, 20),
  order: orderField.default('desc'),
});
export type BanAppealsQuery = z.infer<typeof banAppealsQuery>;
