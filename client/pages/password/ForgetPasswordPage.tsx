import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { LIMITS } from '@shared/limits';
import { emailField } from '@shared/schemas/common';
import { forgetPassword } from '@client/api/account';
import { useDescribeError } from '@client/api/describeError';
import { Button, ButtonLink } from '@client/components/Button';
import { TextField } from '@client/components/Field';
import { Icon } from '@client/components/Icon';
import { Notice } from '@client/components/Notice';
import { Steps } from '@client/components/Steps';
import { useCaptcha } from '@client/components/useCaptcha';
import { placeError } from '@client/forms/placeError';
import { useFormValues } from '@client/forms/useFormValues';
import { hasErrors, validateFields, type FieldErrors } from '@client/forms/validate';
import { AuthPage } from '../shared/AuthPage';
import { CaptchaStep } from '../shared/CaptchaStep';
import { CheckMailPanel } from '../shared/CheckMailPanel';
import { RESET_STEPS } from './steps';
import form from '../shared/Form.module.css';

type Field = 'username' | 'originEmail';
const loginName = z.string().trim().min(1).max(LIMITS.emailMax);

/** Forgot password, steps 1-3: who you are, the captcha, and "check your mail". */
export function ForgetPasswordPage() {
  const { t, i18n } = useTranslation();
  const describe = useDescribeError();
  const captcha = useCaptcha();
  const { values, bind } = useFormValues({ username: '', originEmail: '' });
  const [step, setStep] = useState(0);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [captchaError, setCaptchaError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const next = (e: FormEvent) => {
    e.preventDefault();
    const found = validateFields<Field>(t, { username: [loginName, values.username], originEmail: [emailField, values.originEmail] });
    setErrors(found);
    if (!hasErrors(found)) setStep(1);
  };

  const submit = async () => {
    if (!captcha.answer) return;
    setBusy(true);
    setFormError(undefined);
    setCaptchaError(undefined);
    try {
      await forgetPassword({ username: values.username.trim(), originEmail: values.originEmail.trim(), language: i18n.language }, captcha.answer);
      setStep(2);
    } catch (error) {
      captcha.renew();
      const placed = placeError<Field>(error, describe(error), ['username', 'originEmail']);
      setErrors(placed.fields);
      setCaptchaError(placed.captcha);
      setFormError(placed.form);
      if (!placed.captcha) setStep(0);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthPage width="wide" title={t('forgetPassword.title')} subtitle={t('forgetPassword.subtitle')} foot={<Link to="/signin">{t('forgetPassword.backToSignin')}</Link>}>
      <Steps steps={RESET_STEPS.map((s) => t(`forgetPassword.steps.${s}`))} current={step} label={t('forgetPassword.progress')} />
      {formError && <Notice tone="danger">{formError}</Notice>}
      {step === 0 && (
        <form className={form.form} onSubmit={next} noValidate>
          <TextField label={t('forgetPassword.username')} autoComplete="username" autoCapitalize="off" spellCheck={false} autoFocus error={errors.username} {...bind('username')} />
          <TextField
            label={t('platform.email')}
            hint={t('forgetPassword.emailHint')}
            type="email"
            inputMode="email"
            autoComplete="email"
            error={errors.originEmail}
            {...bind('originEmail')}
          />
          <div className={form.actions}>
            <Button type="submit" variant="primary">
              {t('common.next')}
              <Icon name="chevronRight" size={16} />
            </Button>
          </div>
        </form>
      )}
      {step === 1 && (
        <CaptchaStep
          summary={[
            [t('forgetPassword.username'), values.username.trim()],
            [t('platform.email'), values.originEmail.trim()],
          ]}
          captcha={captcha}
          captchaError={captchaError}
          busy={busy}
          submitLabel={t('forgetPassword.submit')}
          onBack={() => setStep(0)}
          onSubmit={() => void submit()}
        />
      )}
      {step === 2 && (
        <CheckMailPanel
          email={values.originEmail.trim()}
          actions={
            <ButtonLink to="/signin" variant="secondary">
              {t('forgetPassword.backToSignin')}
            </ButtonLink>
          }
        />
      )}
    </AuthPage>
  );
}
