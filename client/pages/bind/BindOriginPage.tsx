import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { bindOrigin } from '@client/api/account';
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
import { BindVerifyStep } from './BindVerifyStep';
import { BIND_STEPS } from './steps';

const FIELD_OF_CODE: Partial<Record<string, PlatformField>> = {
  'bindOrigin.originNotFound': 'originEmail',
  'bindOrigin.originBindingExist': 'originEmail',
  'bindOrigin.gameNotShowed': 'originName',
};

/** Bind a game-platform account: e-mail and name, captcha, check mail; the mailed link opens step 4. */
export function BindOriginPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const code = params.get('code');
  const { me } = useViewer();
  const captcha = useCaptcha();
  const { values, bind } = useFormValues({ originEmail: '', originName: '' });
  const [step, setStep] = useState(0);
  const [errors, setErrors] = useState<FieldErrors<PlatformField>>({});
  const [formError, setFormError] = useState<string>();

  const next = () => {
    const found = validatePlatformAccount(t, values);
    setErrors(found);
    setFormError(found.originEmail || found.originName ? t('bind.fillIn') : undefined);
    if (!hasErrors(found)) setStep(1);
  };

  const submit = async () => {
    setFormError(undefined);
    const result = await captcha.submit(
      (answer) => bindOrigin({ originEmail: values.originEmail.trim(), originName: values.originName.trim(), language: i18n.language }, answer),
      { fields: ['originEmail', 'originName'], fieldOfCode: FIELD_OF_CODE },
    );
    if (!result) return;
    if (result.ok) return setStep(2);
    setErrors(result.fields);
    setFormError(result.form);
    if (hasErrors(result.fields)) setStep(0);
  };

  return (
    <AuthPage width="wide" title={t('bind.title')} subtitle={t('bind.subtitle')}>
      <Steps steps={BIND_STEPS.map((s) => t(`bind.steps.${s}`))} current={code ? 3 : step} label={t('bind.progress')} />
      {code ? (
        <BindVerifyStep code={code} />
      ) : (
        <>
          {me?.origin && step === 0 && <Notice tone="info">{t('bind.alreadyBound', { name: me.origin.originName })}</Notice>}
          {formError && <Notice tone="danger">{formError}</Notice>}
          {step === 0 && <PlatformAccountStep bind={bind} errors={errors} onNext={next} />}
          {step === 1 && (
            <CaptchaStep
              summary={[
                [t('platform.name'), values.originName.trim()],
                [t('platform.email'), values.originEmail.trim()],
              ]}
              captcha={captcha}
              submitLabel={t('bind.submit')}
              onBack={() => setStep(0)}
              onSubmit={() => void submit()}
            />
          )}
          {step === 2 && (
            <CheckMailPanel
              email={values.originEmail.trim()}
              actions={
                <ButtonLink to="/profile/information" variant="secondary">
                  {t('bind.toProfile')}
                </ButtonLink>
              }
            />
          )}
        </>
      )}
    </AuthPage>
  );
}
