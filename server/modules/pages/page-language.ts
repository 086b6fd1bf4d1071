import type { Request } from 'express';
import { cookieValue } from '@shared/cookies';
import { LANGUAGE_COOKIE, type LanguageCode } from '@shared/languages';
import { pageLanguageInput } from '@shared/schemas/pages';
import { readerLanguage } from '@server/http/reader-language';

/**
 * The language a page is drawn in, as the client will choose it (client/i18n/language.ts): the
 * address's `?lang=`, else the language the visitor picked (its cookie, client/state/languageCookie.ts),
 * else the browser's (Accept-Language), else en-US.
 */
export function pageLanguage(req: Request): LanguageCode {
  const { lang, cookie } = pageLanguageInput.parse({ lang: req.query.lang, cookie: cookieValue(req.headers.cookie, LANGUAGE_COOKIE) });
  return readerLanguage(lang || cookie, req.headers['accept-language']);
}
