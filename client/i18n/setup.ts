import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, type LanguageCode } from '@shared/languages';
import { isRtl } from './language';
import { I18N_OPTIONS, interfaceStrings } from './options';

type Bundle = Record<string, unknown>;

/** One lazily loaded chunk per language file. */
const bundles = import.meta.glob<Bundle>('../../locales/*.json', { import: 'default' });

async function loadBundle(code: LanguageCode) {
  if (i18n.hasResourceBundle(code, 'translation')) return;
  const load = bundles[`../../locales/${code}.json`];
  if (!load) return;
  i18n.addResourceBundle(code, 'translation', interfaceStrings(await load()));
}

function applyToDocument(code: LanguageCode) {
  document.documentElement.lang = code;
  document.documentElement.dir = isRtl(code) ? 'rtl' : 'ltr';
}

export async function setupI18n(code: LanguageCode) {
  await i18n.use(initReactI18next).init({
    ...I18N_OPTIONS,
    lng: code,
    resources: {},
    partialBundledLanguages: true,
  });
  await Promise.all([loadBundle(FALLBACK_LANGUAGE), loadBundle(code)]);
  await i18n.changeLanguage(code);
  applyToDocument(code);
}

export async function switchLanguage(code: LanguageCode) {
  await loadBundle(code);
  await i18n.changeLanguage(code);
  applyToDocument(code);
}

export { i18n };
