import { z } from 'zod';
import { LIMITS } from '../limits';

/** A non-negative integer that may arrive as a query string. */
const intParam = z.coerce.number().int().nonnegative();
export const idParam = z.coerce.number().int().positive().max(2_147_483_647);

/** Query booleans arrive as the strings "true"/"false". */
export const boolParam = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
  .transform((v) => v === true || v === 'true' || v === '1');

/** Epoch milliseconds (request time filters). */
export const epochMs = z.coerce.number().int().nonnegative().max(LIMITS.epochMsMax);

export const skipParam = intParam.default(0);
export const limitParam = (max = 100, dflt = 20) => z.coerce.number().int().min(1).max(max).default(dflt);

/** Digits-only platform ids, kept as strings on the wire. */
export const platformId = z.union([z.string().regex(/^\d{1,20}$/), z.number().int().nonnegative()]).transform(String);

export const emailField = z.string().trim().toLowerCase().email().max(254);
