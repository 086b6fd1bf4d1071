import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { HACKER_LEVELS, isSelectableLevel } from './judgementRules';
import fieldStyles from '@client/components/Field.module.css';
import styles from './Judgement.module.css';

interface HackerLevelFieldProps {
  value: number | null;
  onChange: (value: number | null) => void;
  error?: string;
  disabled?: boolean;
}

/** The threat level, optional: levels 1-3 are listed but closed, only Lv4 may be chosen. */
export function HackerLevelField({ value, onChange, error, disabled }: HackerLevelFieldProps) {
  const { t } = useTranslation();
  const name = useId();
  const options: Array<{ level: number | null; label: string; enabled: boolean }> = [
    { level: null, label: t('judgement.hackerLevelNone'), enabled: true },
    ...HACKER_LEVELS.map((level) => ({ level, label: t('judgement.hackerLevelOption', { level }), enabled: isSelectableLevel(level) })),
  ];
  return (
    <fieldset className={fieldStyles.fieldset} aria-describedby={`${name}-hint`}>
      <legend className={fieldStyles.legend}>{t('judgement.hackerLevel')}</legend>
      <div className={styles.levels}>
        {options.map((option) => (
          <label key={option.level ?? 'none'} className={styles.chip}>
            <input
              type="radio"
              name={name}
              checked={value === option.level}
              disabled={disabled || !option.enabled}
              onChange={() => onChange(option.level)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <p className={fieldStyles.hint} id={`${name}-hint`}>
        {error ?? t('judgement.hackerLevelHint')}
      </p>
    </fieldset>
  );
}
