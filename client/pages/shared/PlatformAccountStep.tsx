import type { ChangeEvent, FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/Button';
import { TextField } from '@client/components/Field';
import { Icon } from '@client/components/Icon';
import type { FieldErrors } from '@client/forms/validate';
import type { PlatformField } from './platformAccount';
import form from './Form.module.css';

interface Bound {
  name: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
}

interface PlatformAccountStepProps {
  bind: (field: PlatformField) => Bound;
  errors: FieldErrors<PlatformField>;
  onNext: () => void;
  onBack?: () => void;
}

/** Step: the game-platform account to bind, by its e-mail and its name. */
export function PlatformAccountStep({ bind, errors, onNext, onBack }: PlatformAccountStepProps) {
  const { t } = useTranslation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onNext();
  };
  return (
    <form className={form.form} onSubmit={submit} noValidate>
      <p>{t('platform.intro')}</p>
      <TextField
        label={t('platform.email')}
        hint={t('platform.emailHint')}
        type="email"
        inputMode="email"
        autoComplete="email"
        autoFocus
        error={errors.originEmail}
        {...bind('originEmail')}
      />
      <TextField
        label={t('platform.name')}
        hint={t('platform.nameHint')}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        error={errors.originName}
        {...bind('originName')}
      />
      <div className={form.actions}>
        {onBack && (
          <Button variant="ghost" onClick={onBack}>
            <Icon name="chevronLeft" size={16} />
            {t('common.previous')}
          </Button>
        )}
        <Button type="submit" variant="primary">
          {t('common.next')}
          <Icon name="chevronRight" size={16} />
        </Button>
      </div>
    </form>
  );
}
