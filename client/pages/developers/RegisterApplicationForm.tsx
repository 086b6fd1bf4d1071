import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@shared/limits';
import { APP_SCOPES, STAFF_ONLY_SCOPES, type AppScope } from '@shared/applications';
import { registerApplicationBody } from '@shared/schemas/applications';
import { registerApplication } from '@client/api/applications';
import { useDescribeError } from '@client/api/describeError';
import { Button } from '@client/components/Button';
import { TextAreaField, TextField } from '@client/components/Field';
import { Notice } from '@client/components/Notice';
import { Checkbox } from '@client/components/Toggle';
import { toast } from '@client/components/toast';
import { placeError } from '@client/forms/placeError';
import { useRefusalFocus } from '@client/forms/refusalFocus';
import { hasErrors, validateFields, type FieldErrors } from '@client/forms/validate';
import styles from './DevelopersPage.module.css';

type Field = 'name' | 'purpose' | 'homepage' | 'contact' | 'scopes';
const EMPTY = { name: '', purpose: '', homepage: '', contact: '', scopes: ['read'] as AppScope[] };
const fields = registerApplicationBody.shape.data.shape;

/** The "register an application" form: checked with the server's own schema, then queued for staff review. */
export function RegisterApplicationForm({ isStaff, onSent }: { isStaff: boolean; onSent: () => void }) {
  const { t } = useTranslation();
  const describe = useDescribeError();
  const [draft, setDraft] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { form, refused } = useRefusalFocus();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: FieldErrors<Field> = validateFields(t, {
      name: [fields.name, draft.name],
      purpose: [fields.purpose, draft.purpose],
      contact: [fields.contact, draft.contact],
    });
    if (!fields.homepage.safeParse(draft.homepage).success) found.homepage = t('developers.form.homepageRule');
    if (draft.scopes.length === 0) found.scopes = t('developers.form.scopesRequired');
    setErrors(found);
    setFormError(null);
    if (hasErrors(found)) return refused();
    setBusy(true);
    try {
      await registerApplication(draft);
      toast.success(t('developers.form.sent'));
      setDraft(EMPTY);
      onSent();
    } catch (error) {
      const placed = placeError<Field>(error, describe(error), ['name', 'purpose', 'homepage', 'contact', 'scopes']);
      setErrors(placed.fields);
      setFormError(placed.form ?? null);
      refused();
    } finally {
      setBusy(false);
    }
  };

  const toggle = (scope: AppScope) => setDraft((d) => ({ ...d, scopes: d.scopes.includes(scope) ? d.scopes.filter((s) => s !== scope) : [...d.scopes, scope] }));

  return (
    <form ref={form} className={styles.form} onSubmit={submit} noValidate aria-label={t('developers.form.title')}>
      {formError && <Notice tone="danger">{formError}</Notice>}
      <TextField label={t('developers.form.name')} maxLength={LIMITS.applicationNameMax} value={draft.name} error={errors.name} onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))} />
      <TextAreaField
        label={t('developers.form.purpose')}
        hint={t('developers.form.purposeHint', { min: LIMITS.applicationPurposeMin, max: LIMITS.applicationPurposeMax })}
        rows={3}
        maxLength={LIMITS.applicationPurposeMax}
        value={draft.purpose}
        error={errors.purpose}
        onChange={(e) => setDraft((d) => ({ ...d, purpose: e.target.value }))}
      />
      <TextField label={t('developers.form.homepage')} hint={t('developers.form.homepageRule')} inputMode="url" spellCheck={false} value={draft.homepage} error={errors.homepage} onChange={(e) => setDraft((d) => ({ ...d, homepage: e.target.value }))} />
      <TextField label={t('developers.form.contact')} hint={t('developers.form.contactHint')} maxLength={LIMITS.applicationContactMax} value={draft.contact} error={errors.contact} onChange={(e) => setDraft((d) => ({ ...d, contact: e.target.value }))} />
      <fieldset className={styles.scopes} aria-describedby={errors.scopes ? 'application-scopes-error' : undefined}>
        <legend>{t('developers.form.scopes')}</legend>
        {APP_SCOPES.map((scope) => {
          const staffOnly = STAFF_ONLY_SCOPES.includes(scope);
          return (
            <Checkbox
              key={scope}
              label={`${t(`developers.scope.${scope}`)}${staffOnly ? ` (${t('developers.scope.staffOnly')})` : ''}`}
              checked={draft.scopes.includes(scope)}
              disabled={staffOnly && !isStaff}
              onChange={() => toggle(scope)}
            />
          );
        })}
        {errors.scopes && (
          <p className={styles.fieldError} id="application-scopes-error">
            {errors.scopes}
          </p>
        )}
      </fieldset>
      <div>
        <Button type="submit" variant="primary" loading={busy}>
          {t('developers.form.submit')}
        </Button>
      </div>
    </form>
  );
}
