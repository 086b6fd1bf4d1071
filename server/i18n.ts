import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './paths';
import i18next, { type TFunction } from 'i18next';
import { FALLBACK_LANGUAGE, LANGUAGES, pickLanguage } from '@shared/languages';

const localesDir = path.join(ROOT, 'locales');

/** Server-side translations (mails), from the same locale files as the client. */
export async function createServerI18n() {
  const resources: Record<string, { translation: object }> = {};
  for (const { code } of LANGUAGES) {
    const file = path.join(localesDir, `${code}.json`);
    if (fs.existsSync(file)) resources[code] = { translation: JSON.parse(fs.readFileSync(file, 'utf8')) };
  }
  // Found nowhere, mails would silently go out as bare keys: the server does not start without them.
  if (!resources[FALLBACK_LANGUAGE]) throw new Error(`no ${FALLBACK_LANGUAGE}.json in ${localesDir}`);
  const instance = i18next.createInstance();
  await instance.init({ resources, fallbackLng: FALLBACK_LANGUAGE, interpolation: { escapeValue: false }, initAsync: false });
  return {
    t(lang: string | undefined | null): TFunction {
      return instance.getFixedT(pickLanguage(lang));
    },
  };
}
export type ServerI18n = Awaited<ReturnType<typeof createServerI18n>>;
