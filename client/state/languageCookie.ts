import { LANGUAGE_COOKIE, type LanguageCode } from '@shared/languages';

const YEAR_S = 365 * 24 * 3600;

/**
 * Tells the server the language picked in this browser (none: it follows the browser's), so the
 * page it sends is drawn in it (server/modules/pages/page-language.ts). A plain preference: no
 * secret, sent to this site only, and also on a link followed from another site (Lax).
 */
export function saveLanguageCookie(code: LanguageCode | null) {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = code ? `${LANGUAGE_COOKIE}=${code}; Path=/; Max-Age=${YEAR_S}; SameSite=Lax${secure}` : `${LANGUAGE_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}
