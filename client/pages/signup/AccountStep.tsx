import type { ChangeEvent, FormEvent } from 'react';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { LIMITS } from '@shared/limits';
import { Button } from '@client/components/Button';
import { TextField } from '@client/components/Field';
import { Icon } from '@client/components/Icon';
import { Checkbox } from '@client/components/Toggle';
import type { FieldErrors } from '@client/forms/validate';
import { useRefusalFocus } from '@client/forms/refusalFocus';
import type { AccountField } from './accountFields';
import form from '../shared/Form.module.css';

interface Bound {
  name: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
}

interface AccountStepProps {
  bind: (field: AccountField) => Bound;
  agreed: boolean;
  onAgree: (agreed: boolean) => void;
  errors: FieldErrors<AccountField | 'agree'>;
  onNext: () => void;
}

/** Sign-up step 1: the name to sign in with, the password, and agreeing to the terms. */
export function AccountStep({ bind, agreed, onAgree, errors, onNext }: AccountStepProps) {
  const { t } = useTranslation();
  const { form: formRef, refused } = useRefusalFocus();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onNext();
    // Refused: the first field in error takes the focus (moved on: this step is gone and nothing is looked for).
    refused();
  };
  return (
    <form ref={formRef} className={form.form} onSubmit={submit} noValidate>
      <TextField
        label={t('signup.username')}
        hint={t('signup.usernameHint', { min: LIMITS.usernameMin, max: LIMITS.usernameMax })}
        autoComplete="username"
        autoCapitalize="off"
        spellCheck={false}
        autoFocus
        error={errors.username}
        {...bind('username')}
      />
      <TextField
        label={t('signup.password')}
        hint={t('signup.passwordHint', { min: LIMITS.passwordMin })}
        type="password"
        autoComplete="new-password"
        error={errors.password}
        {...bind('password')}
      />
      <TextField label={t('signup.repeat')} type="password" autoComplete="new-password" error={errors.repeat} {...bind('repeat')} />
      <Checkbox
        checked={agreed}
        onChange={onAgree}
        error={errors.agree}
        label={
          <Trans
            i18nKey="signup.agree"
            components={{ privacy: <Link to="/about#privacy" target="_blank" />, terms: <Link to="/about#terms" target="_blank" /> }}
          />
        }
      />
      <div className={form.actions}>
        <Button type="submit" variant="primary">
          {t('common.next')}
          <Icon name="chevronRight" size={16} />
        </Button>
      </div>
    </form>
  );
}
