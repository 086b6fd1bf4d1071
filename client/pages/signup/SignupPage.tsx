import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { signup } from '@client/api/account';
import { ButtonLink } from '@client/components/Button';
import { Notice } from '@client/components/Notice';
import { Steps } from '@client/components/Steps';
import { useCaptcha } from '@client/forms/useCaptcha';
import { useFormValues } from '@client/forms/useFormValues';
import { hasErrors, type FieldErrors } from '@client/forms/validate';
import { useViewer } from '@client/state/session';
import { AuthPage } from '../shared/AuthPage';
import { CaptchaStep } from '../shared/CaptchaStep';
import { CheckMailPanel } from '../shared/CheckMailPanel';
import { PlatformAccountStep } from '../shared/PlatformAccountStep';
import { validatePlatformAccount, type PlatformField } from '../shared/platformAccount';
import { AccountStep } from './AccountStep';
import { validateAccount, type AccountField } from './accountFields';
import { SIGNUP_STEPS } from './steps';

type Field = AccountField | PlatformField | 'agree';

/** The step each field is asked on, so a failure can send the user back to it. */
const STEP_OF_FIELD: Record<Field, 0 | 1> = { username: 0, password: 0, repeat: 0, agree: 0, originEmail: 1, originName: 1 };

/** Codes that are about one field. */
const FIELD_OF_CODE: Partial<Record<string, Field>> = {
  'signup.usernameExist': 'username',
  'signup.originNotFound': 'originEmail',
  'signup.originBindingExist': 'originEmail',
  'signup.usernameMismatch': 'originName',
  'signup.gameNotShown': 'originName',
};

export function SignupPage() {
  const { t, i18n } = useTranslation();
  const { signedIn } = useViewer();
  const captcha = useCaptcha();
  const { values, bind } = useFormValues({ username: '', password: '', repeat: '', originEmail: '', originName: '' });
  const [agreed, setAgreed] = useState(false);
  const [step, setStep] = useState(0);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string>();

  if (signedIn && step < 3) return <Navigate to="/profile/information" replace />;

  const goNext = (found: FieldErrors<Field>) => {
    setErrors(found);
    setFormError(undefined);
    if (!hasErrors(found)) setStep((s) => s + 1);
  };

  const submit = async () => {
    setFormError(undefined);
    const { username, password, originEmail, originName } = values;
    const result = await captcha.submit(
      (answer) => signup({ username: username.trim(), password, originEmail: originEmail.trim(), originName: originName.trim(), language: i18n.language }, answer),
      { fields: Object.keys(STEP_OF_FIELD) as Field[], fieldOfCode: FIELD_OF_CODE },
    );
    if (!result) return;
    if (result.ok) return setStep(3);
    setErrors(result.fields);
    setFormError(result.form);
    const steps = Object.keys(result.fields).map((f) => STEP_OF_FIELD[f as Field]);
    if (steps.length) setStep(Math.min(...steps));
  };

  return (
    <AuthPage
      width="wide"
      title={t('signup.title')}
      subtitle={t('signup.subtitle')}
      foot={<Trans i18nKey="signup.haveAccount" components={{ signin: <Link to="/signin" /> }} />}
    >
      <Steps steps={SIGNUP_STEPS.map((s) => t(`signup.steps.${s}`))} current={step} label={t('signup.progress')} />
      {formError && <Notice tone="danger">{formError}</Notice>}
      {step === 0 && (
        <AccountStep bind={bind} agreed={agreed} onAgree={setAgreed} errors={errors} onNext={() => goNext(validateAccount(t, values, agreed))} />
      )}
      {step === 1 && (
        <PlatformAccountStep bind={bind} errors={errors} onBack={() => setStep(0)} onNext={() => goNext(validatePlatformAccount(t, values))} />
      )}
      {step === 2 && (
        <CaptchaStep
          summary={[
            [t('signup.username'), values.username.trim()],
            [t('platform.name'), values.originName.trim()],
            [t('platform.email'), values.originEmail.trim()],
          ]}
          captcha={captcha}
          submitLabel={t('signup.submit')}
          onBack={() => setStep(1)}
          onSubmit={() => void submit()}
        />
      )}
      {step === 3 && (
        <CheckMailPanel
          email={values.originEmail.trim()}
          actions={
            <ButtonLink to="/" variant="secondary">
              {t('common.backHome')}
            </ButtonLink>
          }
        />
      )}
    </AuthPage>
  );
}
