import { z } from 'zod';
import { LIMITS } from '../limits';

/** A non-negative integer that may arrive as a query string. */
const intParam = z.coerce.number().int().nonnegative();
/** An empty query value, as a form with nothing typed sends it, reads as absent. */
export const emptyAsAbsent = (v: unknown) => (v === '' ? undefined : v);

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

/**
 * An e-mail address as zod's practical rule reads it, but with a domain whose every label is 1-63
 * letters, digits and inner hyphens (RFC 1035): zod lets a label end in a hyphen (`a@b-.com`), which
 * mail servers refuse as bad syntax, so the address could be stored and never mailed.
 */
const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;
export const emailField = z.string().trim().toLowerCase().email({ pattern: EMAIL_PATTERN }).max(LIMITS.emailMax);
