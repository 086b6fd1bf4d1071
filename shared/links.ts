/**
 * The content of the /link page: partners and translation contributors. Only this site's own
 * entries; operators add theirs here. A section with no entries is not shown.
 */
export interface LinkEntry {
  /** Shown as written (a proper name, not translated). */
  name: string;
  url: string;
  /** Locale codes the entry contributed, for translation contributors. */
  languages?: readonly string[];
}

export const PARTNERS: readonly LinkEntry[] = [];

export const TRANSLATORS: readonly LinkEntry[] = [
  {
    name: 'Tribunal translation community',
    url: 'https://translate.tribunal.example',
    languages: ['ar-EG', 'de-DE', 'en-US', 'es-ES', 'fr-FR', 'it-IT', 'ja-JP', 'ko-KR', 'ru-RU', 'tr-TR', 'zh-CN', 'zh-Cat', 'zh-TW'],
  },
];
