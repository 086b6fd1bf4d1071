import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { Icon } from './Icon';
import styles from './Field.module.css';

interface FrameProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  /** Renders the control with the ids and ARIA attributes that tie it to its label and texts. */
  children: (control: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string; className: string }) => ReactNode;
}

/** A label, a control, an optional hint, and the error text for that control. */
export function FieldFrame({ label, hint, error, children }: FrameProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id} id={`${id}-label`}>
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy, className: styles.control })}
      {error && (
        <p className={styles.error} id={errorId}>
          <Icon name="alert" size={14} />
          {error}
        </p>
      )}
      {hint && !error && (
        <p className={styles.hint} id={hintId}>
          {hint}
        </p>
      )}
    </div>
  );
}

type Common = { label: ReactNode; hint?: ReactNode; error?: string };

export function TextField({ label, hint, error, ...input }: Common & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldFrame label={label} hint={hint} error={error}>
      {(control) => <input {...input} {...control} />}
    </FieldFrame>
  );
}

export function TextAreaField({ label, hint, error, ...textarea }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldFrame label={label} hint={hint} error={error}>
      {(control) => <textarea {...textarea} {...control} />}
    </FieldFrame>
  );
}

interface SelectFieldProps<V extends string> extends Common, Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> {
  value: V;
  options: ReadonlyArray<{ value: V; label: string }>;
  onChange: (value: V) => void;
}

export function SelectField<V extends string>({ label, hint, error, value, options, onChange, ...select }: SelectFieldProps<V>) {
  return (
    <FieldFrame label={label} hint={hint} error={error}>
      {(control) => (
        <select {...select} {...control} value={value} onChange={(e) => onChange(e.target.value as V)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
