import { useTranslation } from 'react-i18next';
import { LANGUAGES, type LanguageCode } from '@shared/languages';
import { chooseLanguage } from '@client/state/preferences';
import { isLanguageCode } from '@client/i18n/language';
import { SelectField } from './Field';

/** Every interface language, by its own name and by its name in the current language. */
export function useLanguageOptions() {
  const { t } = useTranslation();
  return LANGUAGES.map(({ code, name }) => {
    const translated = t(`languages.${code}`, { defaultValue: name });
    return { value: code as LanguageCode, label: translated === name ? name : `${name} · ${translated}` };
  });
}

/** Picks the interface language for this browser. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const options = useLanguageOptions();
  const current = isLanguageCode(i18n.language) ? i18n.language : 'en-US';
  return <SelectField label={t('footer.language')} value={current} options={options} onChange={(code) => void chooseLanguage(code)} />;
}
