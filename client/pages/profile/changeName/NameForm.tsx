import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@shared/limits';
import { usernameField } from '@shared/schemas/account';
import { changeName } from '@client/api/account';
import { useDescribeError } from '@client/api/describeError';
import { Button } from '@client/components/Button';
import { CaptchaField } from '@client/components/CaptchaField';
import { Dialog } from '@client/components/Dialog';
import { TextField } from '@client/components/Field';
import { Notice } from '@client/components/Notice';
import { useCaptcha } from '@client/forms/useCaptcha';
import { placeError } from '@client/forms/placeError';
import { validateFields } from '@client/forms/validate';
import { refreshMe } from '@client/state/session';
import styles from './ChangeNamePage.module.css';

interface NameFormProps {
  currentName: string;
  onBack: () => void;
  onDone: (result: { newname: string; chancesLeft: number }) => void;
}

/** Step 2: the new name and the captcha, confirmed in a dialog before it is sent. */
export function NameForm({ currentName, onBack, onDone }: NameFormProps) {
  const { t } = useTranslation();
  const describe = useDescribeError();
  const captcha = useCaptcha();
  const [newname, setNewname] = useState('');
  const [error, setError] = useState<string>();
  const [captchaError, setCaptchaError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const review = (e: FormEvent) => {
    e.preventDefault();
    const found = validateFields(t, { newname: [usernameField, newname] });
    const sameName = newname.trim().toLowerCase() === currentName.toLowerCase();
    setError(found.newname ?? (sameName ? t('changeName.sameName') : undefined));
    if (!found.newname && !sameName && captcha.complete) setConfirming(true);
  };

  const send = async () => {
    if (!captcha.answer) return;
    setConfirming(false);
    setBusy(true);
    setFormError(undefined);
    setCaptchaError(undefined);
    try {
      const { chancesLeft } = await changeName(newname.trim(), captcha.answer);
      await refreshMe().catch(() => undefined);
      onDone({ newname: newname.trim(), chancesLeft });
    } catch (err) {
      captcha.renew();
      const placed = placeError(err, describe(err), ['newname'], { 'changeName.occupied': 'newname' });
      setError(placed.fields.newname);
      setCaptchaError(placed.captcha);
      setFormError(placed.form);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={review} noValidate>
      {formError && <Notice tone="danger">{formError}</Notice>}
      <TextField label={t('changeName.current')} value={currentName} disabled readOnly />
      <TextField
        label={t('changeName.newName')}
        hint={t('signup.usernameHint', { min: LIMITS.usernameMin, max: LIMITS.usernameMax })}
        value={newname}
        onChange={(e) => setNewname(e.target.value)}
        error={error}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        autoFocus
      />
      <CaptchaField {...captcha.field} error={captchaError} />
      <div className={styles.actions}>
        <Button variant="ghost" onClick={onBack} disabled={busy}>
          {t('common.previous')}
        </Button>
        <Button type="submit" variant="primary" loading={busy} disabled={!captcha.complete}>
          {t('changeName.submit')}
        </Button>
      </div>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('changeName.confirmTitle')}
        footer={
          <>
            <Button onClick={() => setConfirming(false)}>{t('common.cancel')}</Button>
            <Button variant="primary" onClick={() => void send()}>
              {t('changeName.confirm')}
            </Button>
          </>
        }
      >
        {t('changeName.confirmText', { from: currentName, to: newname.trim() })}
      </Dialog>
    </form>
  );
}
