/** The spans a trend or a ranking covers: a plain list apart from the request schemas (`schemas/stats.ts`), for the statistics page's first script. */
export const TIME_WINDOWS = ['daily', 'weekly', 'monthly', 'yearly'] as const;
export type TimeWindow = (typeof TIME_WINDOWS)[number];
