/** Interface languages (one locales/<code>.json each). en-US is the fallback. */
export const LANGUAGES = [
  { code: 'en-US', name: 'English' },
  { code: 'zh-CN', name: '简体中文' },
  { code: 'zh-TW', name: '繁體中文' },
  { code: 'ja-JP', name: '日本語' },
  { code: 'ko-KR', name: '한국어' },
  { code: 'de-DE', name: 'Deutsch' },
  { code: 'es-ES', name: 'Español' },
  { code: 'fr-FR', name: 'Français' },
  { code: 'it-IT', name: 'Italiano' },
  { code: 'ru-RU', name: 'Русский' },
  { code: 'tr-TR', name: 'Türkçe' },
  { code: 'ar-EG', name: 'العربية', rtl: true },
  { code: 'zh-Cat', name: '喵语' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as unknown as readonly [LanguageCode, ...LanguageCode[]];
export const FALLBACK_LANGUAGE: LanguageCode = 'en-US';

/** Picks the supported language closest to a requested tag (e.g. "zh" -> "zh-CN"). */
export function pickLanguage(requested: string | null | undefined): LanguageCode {
  if (!requested) return FALLBACK_LANGUAGE;
  const exact = LANGUAGES.find((l) => l.code.toLowerCase() === requested.toLowerCase());
  if (exact) return exact.code;
  const base = requested.split(/[-_]/)[0]!.toLowerCase();
  return LANGUAGES.find((l) => l.code.toLowerCase().startsWith(base + '-'))?.code ?? FALLBACK_LANGUAGE;
}

/** Whether a language is written right to left. */
export const isRtl = (code: string) => LANGUAGES.some((l) => l.code === code && 'rtl' in l && l.rtl);

/** The locale Intl understands for a language (the cat language formats like zh-CN). */
export const intlLocale = (code: string) => (code === 'zh-Cat' ? 'zh-CN' : code);

/** Themes; lightness is the default. */
export const THEMES = ['lightness', 'dark', 'pink', 'orange', 'violet', 'MikuGreen', 'miside', 'KarmaBlue', 'BlueDeep', 'blue'] as const;
export type Theme = (typeof THEMES)[number];
export const TEXT_SIZES = ['small', 'default', 'large', 'x-large'] as const;
export type TextSize = (typeof TEXT_SIZES)[number];

/**
 * The cookie holding the language a visitor picked (set by the client, client/state/languageCookie.ts),
 * read by the server to draw a page's first paint in it (server/modules/pages/page-language.ts).
 */
export const LANGUAGE_COOKIE = 'tribunal_lang';
