import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { bindOrigin } from '@client/api/account';
import { useDescribeError } from '@client/api/describeError';
import { ButtonLink } from '@client/components/Button';
import { Notice } from '@client/components/Notice';
import { Steps } from '@client/components/Steps';
import { useCaptcha } from '@client/components/useCaptcha';
import { placeError } from '@client/forms/placeError';
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
  const describe = useDescribeError();
  const [params] = useSearchParams();
  const code = params.get('code');
  const { me } = useViewer();
  const captcha = useCaptcha();
  const { values, bind } = useFormValues({ originEmail: '', originName: '' });
  const [step, setStep] = useState(0);
  const [errors, setErrors] = useState<FieldErrors<PlatformField>>({});
  const [captchaError, setCaptchaError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const next = () => {
    const found = validatePlatformAccount(t, values);
    setErrors(found);
    setFormError(found.originEmail || found.originName ? t('bind.fillIn') : undefined);
    if (!hasErrors(found)) setStep(1);
  };

  const submit = async () => {
    if (!captcha.answer) return;
    setBusy(true);
    setFormError(undefined);
    setCaptchaError(undefined);
    try {
      await bindOrigin({ originEmail: values.originEmail.trim(), originName: values.originName.trim(), language: i18n.language }, captcha.answer);
      setStep(2);
    } catch (error) {
      captcha.renew();
      const placed = placeError<PlatformField>(error, describe(error), ['originEmail', 'originName'], FIELD_OF_CODE);
      setErrors(placed.fields);
      setCaptchaError(placed.captcha);
      setFormError(placed.form);
      if (hasErrors(placed.fields)) setStep(0);
    } finally {
      setBusy(false);
    }
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
              captchaError={captchaError}
              busy={busy}
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
