import { useTranslation } from 'react-i18next';
import { CHEAT_METHODS } from '@shared/games';
import { Icon } from '@client/components/Icon';
import styles from './ReportPage.module.css';

interface CheatMethodsFieldProps {
  value: readonly string[];
  onChange: (value: string[]) => void;
  error?: string;
}

/** The cheat methods seen (at least one), as a group of toggles. */
export function CheatMethodsField({ value, onChange, error }: CheatMethodsFieldProps) {
  const { t } = useTranslation();
  const toggle = (method: string) => onChange(value.includes(method) ? value.filter((m) => m !== method) : [...value, method]);
  return (
    <fieldset className={styles.fieldset} aria-invalid={error ? true : undefined} aria-describedby={error ? 'methods-error' : undefined}>
      <legend className={styles.legend}>{t('report.cheatMethods')}</legend>
      <div className={styles.methods}>
        {CHEAT_METHODS.map((method) => (
          <label key={method} className={styles.method}>
            <input type="checkbox" checked={value.includes(method)} onChange={() => toggle(method)} />
            <span>{t(`cheatMethods.${method}`)}</span>
          </label>
        ))}
      </div>
      {error && (
        <p className={styles.error} id="methods-error">
          <Icon name="alert" size={14} />
          {error}
        </p>
      )}
    </fieldset>
  );
}
