import { z } from 'zod';
import { LANGUAGE_CODES } from '../languages';

/**
 * What a page request says of the reader's language: the address's `?lang=` (a tag, matched as the
 * client matches it) and the language cookie (one of our codes). Anything else is left out: a page
 * is never refused for it.
 */
export const pageLanguageInput = z.object({
  lang: z.string().max(35).optional().catch(undefined),
  cookie: z.enum(LANGUAGE_CODES).optional().catch(undefined),
});
