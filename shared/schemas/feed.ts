import { z } from 'zod';
import { GAMES } from '../games';
import { LIMITS } from '../limits';
import { limitParam } from './common';

/** `1,2` or repeated keys (`status=1&status=2`): a list of distinct values, at most `max`. */
const listOf = <T extends z.ZodType>(item: T, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : typeof v === 'number' ? [v] : v),
    z
      .array(item)
      .min(1)
      .max(max)
      .transform((list) => [...new Set(list)] as Array<z.infer<T>>),
  );

/** A case status (0-9, `shared/judgement.ts`). */
const statusItem = z.coerce.number().int().min(0).max(9);

/**
 * Filters shared by the feed and its export: statuses (the export lists cases in one of them, the
 * feed changes into or out of one of them) and games (cases reported in one of them).
 */
const filters = {
  status: listOf(statusItem, 10).optional(),
  games: listOf(z.enum(GAMES), GAMES.length).optional(),
};

/** A cursor as the feed hands it out: the decimal number of a change. */
export const feedCursor = z.string().regex(/^\d{1,15}$/, 'a cursor of the feed or the export').transform(Number);

export const feedQuery = z.object({
  /** Absent: from the oldest change still kept. */
  since: feedCursor.optional(),
  ...filters,
  limit: limitParam(LIMITS.feedPageMax, LIMITS.feedPageDefault),
});
export type FeedQuery = z.infer<typeof feedQuery>;

export const feedExportQuery = z.object(filters);
export type FeedExportQuery = z.infer<typeof feedExportQuery>;
