import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@shared/limits';
import { userSettableAttr } from '@shared/schemas/account';
import { pickLanguage, type LanguageCode } from '@shared/languages';
import { updateMe } from '@client/api/account';
import type { Me } from '@client/api/types';
import { Button } from '@client/components/Button';
import { Card } from '@client/components/Card';
import { SelectField } from '@client/components/Field';
import { useLanguageOptions } from '@client/components/LanguageSelect';
import { Switch } from '@client/components/Toggle';
import { toast } from '@client/components/toast';
import { validateFields } from '@client/forms/validate';
import { RichEditor } from '@client/editor/RichEditor';
import { chooseLanguage } from '@client/state/preferences';
import { refreshMe } from '@client/state/session';
import styles from './Forms.module.css';
import { useShowError } from '@client/components/useShowError';

const SWITCHES = ['allowDM', 'showOrigin', 'showAchievement', 'showAD'] as const;
type SwitchKey = (typeof SWITCHES)[number];

interface Settings extends Record<SwitchKey, boolean> {
  introduction: string;
  language: LanguageCode;
}

function settingsOf(me: Me): Settings {
  return {
    allowDM: !!me.attr.allowDM,
    showOrigin: !!me.attr.showOrigin,
    showAchievement: me.attr.showAchievement !== false,
    showAD: me.attr.showAD !== false,
    introduction: me.attr.introduction ?? '',
    language: pickLanguage(me.attr.language),
  };
}

/** The account's own settings, saved together with POST /user/me. */
export function PreferencesForm({ me }: { me: Me }) {
  const { t } = useTranslation();
  const showError = useShowError();
  const languageOptions = useLanguageOptions();
  const [saved, setSaved] = useState(() => settingsOf(me));
  const [settings, setSettings] = useState(saved);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  /** A new editor, started from the saved introduction, after a reset. */
  const [editorRound, setEditorRound] = useState(0);

  const changed = JSON.stringify(settings) !== JSON.stringify(saved);
  const set = <K extends keyof Settings>(key: K, value: Settings[K]) => setSettings((s) => ({ ...s, [key]: value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const { introduction } = settings;
    const found = validateFields(t, { introduction: [userSettableAttr.shape.introduction, introduction] });
    setError(found.introduction);
    if (found.introduction) return;
    setBusy(true);
    try {
      await updateMe({ ...settings, introduction });
      if (settings.language !== saved.language) await chooseLanguage(settings.language);
      setSaved(settings);
      toast.success(t('profile.preferences.saved'));
      await refreshMe().catch(() => undefined);
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('profile.preferences.title')} description={t('profile.preferences.description')} id="preferences">
      <form className={styles.form} onSubmit={submit} noValidate>
        <fieldset className={styles.switches}>
          <legend className={styles.legend}>{t('profile.preferences.privacy')}</legend>
          {SWITCHES.map((key) => (
            <Switch
              key={key}
              checked={settings[key]}
              onChange={(value) => set(key, value)}
              label={t(`profile.preferences.${key}`)}
              description={t(`profile.preferences.${key}Hint`)}
            />
          ))}
        </fieldset>
        <div className={styles.narrow}>
          <SelectField
            label={t('profile.preferences.language')}
            hint={t('profile.preferences.languageHint')}
            value={settings.language}
            options={languageOptions}
            onChange={(value) => set('language', value)}
          />
        </div>
        <RichEditor
          key={editorRound}
          label={t('profile.preferences.introduction')}
          initialHtml={saved.introduction}
          maxLength={LIMITS.introductionMax}
          error={error}
          placeholder={t('profile.preferences.introductionPlaceholder')}
          onChange={(html) => set('introduction', html)}
        />
        <div className={styles.actions}>
          {changed && <p>{t('profile.preferences.unsaved')}</p>}
          <Button
            variant="ghost"
            disabled={!changed || busy}
            onClick={() => {
              setSettings(saved);
              setEditorRound((n) => n + 1);
            }}
          >
            {t('common.reset')}
          </Button>
          <Button type="submit" variant="primary" loading={busy} disabled={!changed}>
            {t('common.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
