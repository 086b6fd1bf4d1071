import { useId, type ReactNode } from 'react';
import styles from './Toggle.module.css';

interface ToggleProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: ReactNode;
  description?: ReactNode;
  error?: string;
  disabled?: boolean;
}

function Toggle({ kind, checked, onChange, label, description, error, disabled }: ToggleProps & { kind: 'checkbox' | 'switch' }) {
  const id = useId();
  const describedBy = [description && `${id}-desc`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <label className={styles.row} htmlFor={id}>
      <input
        id={id}
        type="checkbox"
        role={kind === 'switch' ? 'switch' : undefined}
        className={kind === 'switch' ? styles.switch : styles.checkbox}
        checked={checked}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-labelledby={`${id}-label`}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span className={styles.text}>
        <span className={styles.label} id={`${id}-label`}>
          {label}
        </span>
        {description && (
          <span className={styles.description} id={`${id}-desc`}>
            {description}
          </span>
        )}
        {error && (
          <span className={styles.error} id={`${id}-error`}>
            {error}
          </span>
        )}
      </span>
    </label>
  );
}

export const Checkbox = (props: ToggleProps) => <Toggle kind="checkbox" {...props} />;

/** An on/off setting that applies at once or on save (role="switch"). */
export const Switch = (props: ToggleProps) => <Toggle kind="switch" {...props} />;
