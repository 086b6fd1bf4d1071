import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@shared/limits';
import { changePassword } from '@client/api/account';
import { useDescribeError } from '@client/api/describeError';
import { Button } from '@client/components/Button';
import { Card } from '@client/components/Card';
import { TextField } from '@client/components/Field';
import { Notice } from '@client/components/Notice';
import { toast } from '@client/components/toast';
import { validateNewPassword } from '@client/forms/newPassword';
import { placeError } from '@client/forms/placeError';
import { useFormValues } from '@client/forms/useFormValues';
import { hasErrors, type FieldErrors } from '@client/forms/validate';
import { endSession } from '@client/state/session';
import styles from './Forms.module.css';

type Field = 'oldpassword' | 'newpassword' | 'repeat';

/** Change the password; every session (this one too) is signed out afterwards. */
export function PasswordForm() {
  const { t } = useTranslation();
  const describe = useDescribeError();
  const { values, bind } = useFormValues({ oldpassword: '', newpassword: '', repeat: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const { password, repeat } = validateNewPassword(t, values.newpassword, values.repeat);
    const found: FieldErrors<Field> = { oldpassword: values.oldpassword ? undefined : t('validation.required'), newpassword: password, repeat };
    if (!found.newpassword && values.newpassword === values.oldpassword) found.newpassword = t('profile.password.same');
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      await changePassword(values.oldpassword, values.newpassword);
      // Every token is revoked now; without a session the page's guard sends us to sign in.
      endSession();
      toast.success(t('profile.password.changed'));
    } catch (error) {
      const placed = placeError<Field>(error, describe(error), ['oldpassword', 'newpassword'], { 'changePassword.notMatch': 'oldpassword' });
      setErrors(placed.fields);
      if (placed.form) toast.error(placed.form);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('profile.password.title')} description={t('profile.password.description')} id="password">
      <form className={`${styles.form} ${styles.narrow}`} onSubmit={submit} noValidate>
        <Notice tone="info">{t('profile.password.signsOut')}</Notice>
        <TextField label={t('profile.password.old')} type="password" autoComplete="current-password" error={errors.oldpassword} {...bind('oldpassword')} />
        <TextField
          label={t('profile.password.new')}
          hint={t('signup.passwordHint', { min: LIMITS.passwordMin })}
          type="password"
          autoComplete="new-password"
          error={errors.newpassword}
          {...bind('newpassword')}
        />
        <TextField label={t('signup.repeat')} type="password" autoComplete="new-password" error={errors.repeat} {...bind('repeat')} />
        <div>
          <Button type="submit" variant="primary" loading={busy}>
            {t('profile.password.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
