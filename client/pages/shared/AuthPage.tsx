import type { ReactNode } from 'react';
import styles from './AuthPage.module.css';

interface AuthPageProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Narrow for short forms (sign-in), wide for wizards. */
  width?: 'narrow' | 'wide';
  /** Links under the panel (e.g. "No account yet? Sign up"). */
  foot?: ReactNode;
  children: ReactNode;
}

/** The centred frame of the account screens: a heading, one panel, and links below it. */
export function AuthPage({ title, subtitle, width = 'narrow', foot, children }: AuthPageProps) {
  return (
    <div className={styles.page}>
      <div className={`${styles.column} ${styles[width]}`}>
        <div className={styles.head}>
          <h1>{title}</h1>
          {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
        </div>
        <div className={styles.panel}>{children}</div>
        {foot && <div className={styles.foot}>{foot}</div>}
      </div>
    </div>
  );
}
