import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CHEAT_METHODS } from '@shared/games';
import { Icon } from '@client/components/Icon';
import fieldStyles from '@client/components/Field.module.css';
import styles from './ReportPage.module.css';

interface CheatMethodsFieldProps {
  value: readonly string[];
  onChange: (value: string[]) => void;
  error?: string;
  /** The group's name; the report form's by default. */
  label?: string;
}

/** The cheat methods seen (at least one), as a group of toggles. */
export function CheatMethodsField({ value, onChange, error, label }: CheatMethodsFieldProps) {
  const { t } = useTranslation();
  const errorId = `${useId()}-methods-error`;
  const toggle = (method: string) => onChange(value.includes(method) ? value.filter((m) => m !== method) : [...value, method]);
  return (
    <fieldset className={`${fieldStyles.fieldset} ${styles.fieldset}`} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined}>
      <legend className={fieldStyles.legend}>{label ?? t('report.cheatMethods')}</legend>
      <div className={styles.methods}>
        {CHEAT_METHODS.map((method) => (
          <label key={method} className={styles.method}>
            <input type="checkbox" checked={value.includes(method)} onChange={() => toggle(method)} />
            <span>{t(`cheatMethods.${method}`)}</span>
          </label>
        ))}
      </div>
      {error && (
        <p className={styles.error} id={errorId}>
          <Icon name="alert" size={14} />
          {error}
        </p>
      )}
    </fieldset>
  );
}
