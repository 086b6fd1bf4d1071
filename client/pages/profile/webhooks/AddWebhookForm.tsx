import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_WEBHOOK_FORMAT, WEBHOOK_EVENTS, WEBHOOK_FORMATS, WEBHOOK_MAX_PER_USER, type WebhookEvent, type WebhookFormat } from '@shared/webhooks';
import { FALLBACK_LANGUAGE, type LanguageCode } from '@shared/languages';
import { ApiError } from '@client/api/ApiError';
import { addWebhook } from '@client/api/webhooks';
import { Button } from '@client/components/Button';
import { SelectField, TextField } from '@client/components/Field';
import { useLanguageOptions } from '@client/components/LanguageSelect';
import { isLanguageCode } from '@client/i18n/language';
import { Icon } from '@client/components/Icon';
import { Notice } from '@client/components/Notice';
import { Checkbox } from '@client/components/Toggle';
import { toast } from '@client/components/toast';
import { placeError } from '@client/forms/placeError';
import { checkDraft, generateSecret, SECRET_MAX, SECRET_MIN, toggleAllEvents, toggleEvent, type DraftProblems } from './webhookRules';
import { useDescribeWebhookError } from './describeWebhookError';
import styles from './WebhooksPage.module.css';

type Field = 'url' | 'secret' | 'events';
type Errors = Partial<Record<Field, string>>;

const EMPTY = { url: '', secret: '', events: [] as WebhookEvent[], format: DEFAULT_WEBHOOK_FORMAT as WebhookFormat };

/** Subscribes a URL: where to POST, the secret that signs each body, and which events. */
export function AddWebhookForm({ count, onAdded }: { count: number; onAdded: () => void }) {
  const { t, i18n } = useTranslation();
  const describe = useDescribeWebhookError();
  const eventsId = useId();
  const languages = useLanguageOptions();
  const [draft, setDraft] = useState(EMPTY);
  // Chat messages are written in the reader's language unless another is picked.
  const [language, setLanguage] = useState<LanguageCode>(isLanguageCode(i18n.language) ? i18n.language : FALLBACK_LANGUAGE);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const full = count >= WEBHOOK_MAX_PER_USER;

  const messages = (problems: DraftProblems): Errors => ({
    url: problems.url && t(`webhooks.form.urlProblem.${problems.url}`),
    secret: problems.secret && t(`webhooks.form.secretProblem.${problems.secret}`, { min: SECRET_MIN, max: SECRET_MAX }),
    events: problems.events && t('webhooks.form.eventsRequired'),
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = messages(checkDraft(draft));
    setErrors(found);
    setFormError(null);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    try {
      await addWebhook({ url: draft.url.trim(), secret: draft.secret, events: draft.events, format: draft.format, language });
      toast.success(t('webhooks.form.added'));
      setDraft(EMPTY);
      onAdded();
    } catch (error) {
      const placed = placeError<Field>(error, describe(error), ['url', 'secret', 'events']);
      setErrors(placed.fields);
      setFormError(placed.form ?? null);
      // Added from elsewhere meanwhile: the reloaded list shows the limit is reached.
      if (error instanceof ApiError && error.code === 'webhook.exceedMax') onAdded();
    } finally {
      setBusy(false);
    }
  };

  const copySecret = async () => {
    try {
      await navigator.clipboard.writeText(draft.secret);
      toast.success(t('common.copied'));
    } catch {
      toast.info(t('common.copyByHand'));
    }
  };

  if (full) return <Notice tone="info">{t('webhooks.form.full', { max: WEBHOOK_MAX_PER_USER })}</Notice>;

  const allTicked = WEBHOOK_EVENTS.every((ev) => draft.events.includes(ev));
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={t('webhooks.form.title')}>
      {formError && <Notice tone="danger">{formError}</Notice>}
      <TextField
        label={t('webhooks.form.url')}
        hint={t('webhooks.form.urlHint')}
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://example.com/tribunal-hook"
        value={draft.url}
        error={errors.url}
        onChange={(ev) => setDraft((d) => ({ ...d, url: ev.target.value }))}
      />
      <SelectField
        label={t('webhooks.form.format')}
        hint={t(`webhooks.formats.${draft.format}.description`)}
        value={draft.format}
        options={WEBHOOK_FORMATS.map((f) => ({ value: f, label: t(`webhooks.formats.${f}.label`) }))}
        onChange={(format) => setDraft((d) => ({ ...d, format }))}
      />
      {draft.format !== 'signed' && (
        <SelectField label={t('webhooks.form.language')} hint={t('webhooks.form.languageHint')} value={language} options={languages} onChange={setLanguage} />
      )}
      <div className={styles.secretRow}>
        <div className={styles.secretField}>
          <TextField
            label={t('webhooks.form.secret')}
            hint={t('webhooks.form.secretHint', { min: SECRET_MIN, max: SECRET_MAX })}
            autoComplete="off"
            spellCheck={false}
            value={draft.secret}
            error={errors.secret}
            onChange={(ev) => setDraft((d) => ({ ...d, secret: ev.target.value }))}
          />
        </div>
        <Button className={styles.secretButton} onClick={() => setDraft((d) => ({ ...d, secret: generateSecret() }))}>
          <Icon name="key" size={16} />
          {t('webhooks.form.generate')}
        </Button>
        {draft.secret && (
          <Button className={styles.secretButton} onClick={() => void copySecret()} aria-label={t('common.copyLabel', { what: t('webhooks.form.secret') })}>
            <Icon name="copy" size={16} />
            {t('common.copy')}
          </Button>
        )}
      </div>
      <fieldset className={styles.events} aria-describedby={errors.events ? `${eventsId}-error` : undefined}>
        <legend className={styles.legend}>{t('webhooks.form.events')}</legend>
        <div className={styles.eventsHead}>
          <p className={styles.muted}>{t('webhooks.form.eventsHint')}</p>
          <Button size="sm" variant="ghost" onClick={() => setDraft((d) => ({ ...d, events: toggleAllEvents(d.events) }))}>
            {allTicked ? t('webhooks.form.none') : t('webhooks.form.all')}
          </Button>
        </div>
        {WEBHOOK_EVENTS.map((event) => (
          <Checkbox
            key={event}
            checked={draft.events.includes(event)}
            onChange={(on) => setDraft((d) => ({ ...d, events: toggleEvent(d.events, event, on) }))}
            label={t(`webhooks.events.${event}.label`)}
            description={t(`webhooks.events.${event}.description`)}
          />
        ))}
        {errors.events && (
          <p className={styles.error} id={`${eventsId}-error`} role="alert">
            <Icon name="alert" size={14} />
            {errors.events}
          </p>
        )}
      </fieldset>
      <div className={styles.formActions}>
        <p>{t('webhooks.form.count', { count, max: WEBHOOK_MAX_PER_USER })}</p>
        <Button type="submit" variant="primary" loading={busy}>
          <Icon name="plus" size={16} />
          {t('webhooks.form.submit')}
        </Button>
      </div>
    </form>
  );
}
