import { FALLBACK_LANGUAGE, LANGUAGE_CODES, pickLanguage, type LanguageCode } from '@shared/languages';

/**
 * The language to start in: the `lang` query wins, then the visitor's saved choice, then the
 * first browser language we support.
 */
export function initialLanguage(query: string | null, saved: LanguageCode | null, browser: readonly string[]): LanguageCode {
  if (query) return pickLanguage(query);
  if (saved) return saved;
  for (const tag of browser) {
    const picked = pickLanguage(tag);
    if (picked !== FALLBACK_LANGUAGE || tag.toLowerCase().startsWith('en')) return picked;
  }
  return FALLBACK_LANGUAGE;
}

export const isLanguageCode = (value: string): value is LanguageCode => (LANGUAGE_CODES as readonly string[]).includes(value);

export { intlLocale, isRtl } from '@shared/languages';
