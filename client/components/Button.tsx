import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { Spinner } from './Spinner';
import styles from './Button.module.css';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';
type Size = 'sm' | 'md' | 'lg';

interface Look {
  variant?: Variant;
  size?: Size;
  block?: boolean;
  /** A square button holding only an icon (give it an aria-label). */
  iconOnly?: boolean;
}

export function buttonClass({ variant = 'secondary', size = 'md', block, iconOnly }: Look, extra?: string) {
  return [styles.button, styles[variant], size !== 'md' && styles[size], block && styles.block, iconOnly && styles.icon, extra]
    .filter(Boolean)
    .join(' ');
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, Look {
  /** Shows a spinner and blocks clicks while an action runs. */
  loading?: boolean;
  children: ReactNode;
}

/**
 * While `loading`, the button refuses clicks (and the form's submission) but stays enabled: a
 * disabled button loses focus, and a keyboard user who pressed Enter on it would be thrown back
 * to the top of the page.
 */
export function Button({ variant, size, block, iconOnly, loading, disabled, className, children, type = 'button', onClick, ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass({ variant, size, block, iconOnly }, className)}
      disabled={disabled}
      aria-disabled={loading || undefined}
      aria-busy={loading || undefined}
      onClick={loading ? (e) => e.preventDefault() : onClick}
      {...rest}
    >
      {loading && <Spinner size={14} />}
      {children}
    </button>
  );
}

/** A router link that looks like a button. */
export function ButtonLink({ variant, size, block, iconOnly, className, ...rest }: LinkProps & Look) {
  return <Link className={buttonClass({ variant, size, block, iconOnly }, className)} {...rest} />;
}
