import styles from './Spinner.module.css';

interface SpinnerProps {
  size?: number;
  /** Announced to assistive tech; without it the spinner is decorative (e.g. inside a busy button). */
  label?: string;
}

export function Spinner({ size = 18, label }: SpinnerProps) {
  return (
    <span
      className={styles.spinner}
      style={{ width: size, height: size }}
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    />
  );
}

/** A centred spinner standing in for a page that is still loading. */
export function PageSpinner({ label }: { label: string }) {
  return (
    <div className={styles.page} data-page-spinner="">
      <Spinner size={28} label={label} />
    </div>
  );
}
