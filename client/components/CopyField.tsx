import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { Icon } from './Icon';
import { toast } from './toast';
import styles from './CopyField.module.css';

interface CopyFieldProps {
  label: string;
  value: string;
  /** Several lines (embed code) rather than one (a link). */
  multiline?: boolean;
}

/** A value to copy: shown read-only, copied by its button (or selected for copying by hand). */
export function CopyField({ label, value, multiline }: CopyFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const ref = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const copy = async () => {
    ref.current?.select();
    try {
      await navigator.clipboard.writeText(value);
      toast.success(t('common.copied'));
    } catch {
      toast.info(t('common.copyByHand'));
    }
  };
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.row}>
        {multiline ? (
          <textarea id={id} ref={ref} className={styles.value} value={value} readOnly rows={3} onFocus={(e) => e.target.select()} />
        ) : (
          <input id={id} ref={ref} className={styles.value} value={value} readOnly onFocus={(e) => e.target.select()} />
        )}
        <Button onClick={() => void copy()} aria-label={t('common.copyLabel', { what: label })}>
          <Icon name="copy" size={16} />
          {t('common.copy')}
        </Button>
      </div>
    </div>
  );
}
