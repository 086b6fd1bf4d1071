import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { SESSION_END_CODES } from '@shared/errors';
import { signin } from '@client/api/account';
import { useDescribeError } from '@client/api/describeError';
import { safeBackUrl } from '@client/app/guards';
import { Button } from '@client/components/Button';
import { CaptchaField } from '@client/components/CaptchaField';
import { TextField } from '@client/components/Field';
import { Notice } from '@client/components/Notice';
import { toast } from '@client/components/toast';
import { useCaptcha } from '@client/forms/useCaptcha';
import { placeError } from '@client/forms/placeError';
import { useRefusalFocus } from '@client/forms/refusalFocus';
import { blankFields, hasErrors, type FieldErrors } from '@client/forms/validate';
import { beginSession, refreshMe, useViewer } from '@client/state/session';
import { AuthPage } from '../shared/AuthPage';
import form from '../shared/Form.module.css';

type Field = 'username' | 'password';

export function SigninPage() {
  const { t } = useTranslation();
  const describe = useDescribeError();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const backurl = safeBackUrl(params.get('backurl'));
  const reason = params.get('reason');
  const { signedIn } = useViewer();
  const captcha = useCaptcha();

  const [values, setValues] = useState({ username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [captchaError, setCaptchaError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const { form: formRef, refused } = useRefusalFocus();

  if (signedIn && !busy) return <Navigate to={backurl} replace />;

  const set = (field: Field) => (e: ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [field]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = blankFields<Field>(t, values);
    setErrors(found);
    if (hasErrors(found) || !captcha.answer) return refused();
    setBusy(true);
    setFormError(undefined);
    setCaptchaError(undefined);
    try {
      const result = await signin({ username: values.username.trim(), password: values.password }, captcha.answer);
      beginSession(result);
      void refreshMe().catch(() => undefined);
      toast.success(t('signin.welcome', { name: result.userinfo.username }));
      await navigate(backurl, { replace: true });
    } catch (error) {
      captcha.renew();
      // A wrong name or password is told at the password, which takes the focus to be typed again.
      const placed = placeError<Field>(error, describe(error), ['username', 'password'], { 'signin.noSuchUser': 'password' });
      setErrors(placed.fields);
      setCaptchaError(placed.captcha);
      setFormError(placed.form);
      refused();
    } finally {
      setBusy(false);
    }
  };

  const sessionEnded = (SESSION_END_CODES as readonly string[]).includes(reason ?? '');

  return (
    <AuthPage
      title={t('signin.title')}
      subtitle={t('signin.subtitle')}
      foot={
        <Trans i18nKey="signin.noAccount" components={{ signup: <Link to="/signup" /> }} />
      }
    >
      {sessionEnded && <Notice tone="warning" title={t(`signin.reason.${reason}`)} />}
      {formError && <Notice tone="danger">{formError}</Notice>}
      <form ref={formRef} className={form.form} onSubmit={submit} noValidate>
        <TextField
          label={t('signin.username')}
          hint={t('signin.usernameHint')}
          value={values.username}
          onChange={set('username')}
          error={errors.username}
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          autoFocus
        />
        <TextField
          label={t('signin.password')}
          type="password"
          value={values.password}
          onChange={set('password')}
          error={errors.password}
          autoComplete="current-password"
        />
        <Link to="/forgetPassword" className={form.sideLink}>
          {t('signin.forgot')}
        </Link>
        <CaptchaField {...captcha.field} error={captchaError} />
        <Button type="submit" variant="primary" size="lg" block loading={busy} disabled={!captcha.complete}>
          {t('signin.submit')}
        </Button>
      </form>
    </AuthPage>
  );
}
