import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@shared/limits';
import { Button } from '@client/components/Button';
import { TextField } from '@client/components/Field';
import { Icon } from '@client/components/Icon';
import { formOf, isFiltered, readLogForm, type LogForm, type LogFormErrors, type LogState } from './logQuery';
import styles from '@client/pages/shared/Admin.module.css';

interface FiltersProps {
  state: LogState;
  onApply: (next: LogState) => void;
  onReset: () => void;
}

/**
 * Admin name, case number and date range of the judgement log. Typing changes nothing until the
 * form is sent (Enter or Apply); the page keys this form by its URL, so it shows what is applied.
 */
export function JudgementLogFilters({ state, onApply, onReset }: FiltersProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState<LogForm>(() => formOf(state));
  const [errors, setErrors] = useState<LogFormErrors>({});
  const set = (key: keyof LogForm) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));
  const message = (key: keyof LogForm) => {
    const error = errors[key];
    return error ? t(`admin.judgementLog.errors.${error}`, { max: LIMITS.usernameMax }) : undefined;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const read = readLogForm(form, state);
    if ('errors' in read) return setErrors(read.errors);
    setErrors({});
    onApply(read.state);
  };

  return (
    <form className={styles.filters} onSubmit={submit} noValidate aria-label={t('admin.judgementLog.filters')}>
      <div className={styles.filterRow}>
        <TextField label={t('admin.judgementLog.user')} value={form.user} autoComplete="off" spellCheck={false} error={message('user')} onChange={set('user')} />
        <TextField
          label={t('admin.judgementLog.case')}
          hint={t('admin.judgementLog.caseHint')}
          value={form.caseId}
          inputMode="numeric"
          autoComplete="off"
          error={message('caseId')}
          onChange={set('caseId')}
        />
        <TextField label={t('admin.judgementLog.from')} type="date" value={form.from} max={form.to || undefined} onChange={set('from')} />
        <TextField label={t('admin.judgementLog.to')} type="date" value={form.to} min={form.from || undefined} error={message('to')} onChange={set('to')} />
      </div>
      {state.userId && !state.user && (
        <p className={styles.chip}>
          <Icon name="user" size={14} />
          {t('admin.judgementLog.byAdminId', { id: state.userId })}
        </p>
      )}
      <div className={styles.filterActions}>
        <Button type="submit" variant="primary">
          <Icon name="search" size={16} />
          {t('admin.judgementLog.apply')}
        </Button>
        {isFiltered(state) && (
          <Button variant="ghost" onClick={onReset}>
            <Icon name="close" size={16} />
            {t('admin.judgementLog.clear')}
          </Button>
        )}
      </div>
    </form>
  );
}
