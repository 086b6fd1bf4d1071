import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@shared/limits';
import { forgetPasswordVerify } from '@client/api/account';
import { useDescribeError } from '@client/api/describeError';
import { Button, ButtonLink } from '@client/components/Button';
import { TextField } from '@client/components/Field';
import { Notice } from '@client/components/Notice';
import { Steps } from '@client/components/Steps';
import { placeError } from '@client/forms/placeError';
import { useFormValues } from '@client/forms/useFormValues';
import { validateNewPassword } from '@client/forms/newPassword';
import { hasErrors, type FieldErrors } from '@client/forms/validate';
import { AuthPage } from '../shared/AuthPage';
import { ResultPanel } from '../shared/ResultPanel';
import { RESET_STEPS } from './steps';
import form from '../shared/Form.module.css';

type Field = 'newpassword' | 'repeat';

/** The page the reset mail links to: choose the new password (step 4), then done (step 5). */
export function ForgetPasswordVerifyPage() {
  const { t } = useTranslation();
  const describe = useDescribeError();
  const [params] = useSearchParams();
  const code = params.get('code');
  const { values, bind } = useFormValues({ newpassword: '', repeat: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const { password, repeat } = validateNewPassword(t, values.newpassword, values.repeat);
    const found: FieldErrors<Field> = { newpassword: password, repeat };
    setErrors(found);
    if (hasErrors(found) || !code) return;
    setBusy(true);
    setFormError(undefined);
    try {
      await forgetPasswordVerify(code, values.newpassword);
      setDone(true);
    } catch (error) {
      const placed = placeError<Field>(error, describe(error), ['newpassword'], {});
      setErrors(placed.fields);
      setFormError(placed.form);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthPage width="wide" title={t('forgetPassword.newTitle')}>
      <Steps steps={RESET_STEPS.map((s) => t(`forgetPassword.steps.${s}`))} current={done ? 4 : 3} label={t('forgetPassword.progress')} />
      {done ? (
        <ResultPanel
          tone="success"
          title={t('forgetPassword.doneTitle')}
          actions={
            <ButtonLink to="/signin" variant="primary">
              {t('forgetPassword.signin')}
            </ButtonLink>
          }
        >
          {t('forgetPassword.doneText')}
        </ResultPanel>
      ) : !code ? (
        <Notice tone="danger" title={t('forgetPassword.noCode')} action={<ButtonLink to="/forgetPassword">{t('forgetPassword.again')}</ButtonLink>} />
      ) : (
        <form className={form.form} onSubmit={submit} noValidate>
          {formError && (
            <Notice tone="danger" action={<ButtonLink to="/forgetPassword" size="sm">{t('forgetPassword.again')}</ButtonLink>}>
              {formError}
            </Notice>
          )}
          <TextField
            label={t('forgetPassword.newPassword')}
            hint={t('signup.passwordHint', { min: LIMITS.passwordMin })}
            type="password"
            autoComplete="new-password"
            autoFocus
            error={errors.newpassword}
            {...bind('newpassword')}
          />
          <TextField label={t('signup.repeat')} type="password" autoComplete="new-password" error={errors.repeat} {...bind('repeat')} />
          <div className={form.actions}>
            <Button type="submit" variant="primary" loading={busy}>
              {t('forgetPassword.save')}
            </Button>
          </div>
        </form>
      )}
    </AuthPage>
  );
}
