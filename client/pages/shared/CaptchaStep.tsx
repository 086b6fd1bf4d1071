import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/Button';
import { CaptchaField } from '@client/components/CaptchaField';
import { Icon } from '@client/components/Icon';
import type { useCaptcha } from '@client/forms/useCaptcha';
import form from './Form.module.css';

interface CaptchaStepProps {
  /** What is about to be sent, shown for a last look. */
  summary: ReadonlyArray<[label: string, value: string]>;
  /** The wizard's captcha: its answer, busy state and message (see `useCaptcha().submit`). */
  captcha: ReturnType<typeof useCaptcha>;
  submitLabel: ReactNode;
  onBack: () => void;
  onSubmit: () => void;
}

/** Step: a last look at the answers, the captcha, and the submit button (enabled once the captcha is filled). */
export function CaptchaStep({ summary, captcha, submitLabel, onBack, onSubmit }: CaptchaStepProps) {
  const { t } = useTranslation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (captcha.complete) onSubmit();
  };
  return (
    <form className={form.form} onSubmit={submit} noValidate>
      <dl className={form.summary}>
        {summary.map(([label, value]) => (
          <div key={label} className={form.summaryRow}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <CaptchaField {...captcha.field} />
      <div className={form.actions}>
        <Button variant="ghost" onClick={onBack} disabled={captcha.busy}>
          <Icon name="chevronLeft" size={16} />
          {t('common.previous')}
        </Button>
        <Button type="submit" variant="primary" loading={captcha.busy} disabled={!captcha.complete}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
