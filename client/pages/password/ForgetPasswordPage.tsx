import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { LIMITS } from '@shared/limits';
import { emailField } from '@shared/schemas/common';
import { forgetPassword } from '@client/api/account';
import { Button, ButtonLink } from '@client/components/Button';
import { TextField } from '@client/components/Field';
import { Icon } from '@client/components/Icon';
import { Notice } from '@client/components/Notice';
import { Steps } from '@client/components/Steps';
import { useCaptcha } from '@client/forms/useCaptcha';
import { useRefusalFocus } from '@client/forms/refusalFocus';
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
  const captcha = useCaptcha();
  const { values, bind } = useFormValues({ username: '', originEmail: '' });
  const [step, setStep] = useState(0);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string>();
  const { form: formRef, refused } = useRefusalFocus();

  const next = (e: FormEvent) => {
    e.preventDefault();
    const found = validateFields<Field>(t, { username: [loginName, values.username], originEmail: [emailField, values.originEmail] });
    setErrors(found);
    if (hasErrors(found)) refused();
    else setStep(1);
  };

  const submit = async () => {
    setFormError(undefined);
    const result = await captcha.submit(
      (answer) => forgetPassword({ username: values.username.trim(), originEmail: values.originEmail.trim(), language: i18n.language }, answer),
      { fields: ['username', 'originEmail'] satisfies Field[] },
    );
    if (!result) return;
    if (result.ok) return setStep(2);
    setErrors(result.fields);
    setFormError(result.form);
    if (!result.captcha) setStep(0);
  };

  return (
    <AuthPage width="wide" title={t('forgetPassword.title')} subtitle={t('forgetPassword.subtitle')} foot={<Link to="/signin">{t('forgetPassword.backToSignin')}</Link>}>
      <Steps steps={RESET_STEPS.map((s) => t(`forgetPassword.steps.${s}`))} current={step} label={t('forgetPassword.progress')} />
      {formError && <Notice tone="danger">{formError}</Notice>}
      {step === 0 && (
        <form ref={formRef} className={form.form} onSubmit={next} noValidate>
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
          submitLabel={t('forgetPassword.submit')}
          onBack={() => setStep(0)}
          onSubmit={() => void submit()}
        />
      )}
      {step === 2 && (
        <CheckMailPanel
          email={values.originEmail.trim()}
          sent={t('checkMailReset.sent', { email: values.originEmail.trim() })}
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
