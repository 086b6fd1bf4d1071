import { z } from 'zod';
import { DUMP_FILE_KINDS } from '../open-data';

/** One file of one day's dump. */
export const dumpFileQuery = z.object({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a day as YYYY-MM-DD'),
  kind: z.enum(DUMP_FILE_KINDS as [string, ...string[]]).transform((k) => k as (typeof DUMP_FILE_KINDS)[number]),
});
export type DumpFileQuery = z.infer<typeof dumpFileQuery>;
