import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import styles from './Logo.module.css';

/** The shield-and-crosshair mark (public/favicon.svg is the same drawing). */
export function LogoMark({ size = 26 }: { size?: number }) {
  return (
    <svg className={styles.mark} width={size} height={size} viewBox="0 0 32 32" aria-hidden focusable="false">
      <path d="M16 2.5 27 6.6v8.1c0 6.7-4.6 12.4-11 14.8C9.6 27.1 5 21.4 5 14.7V6.6z" fill="currentColor" />
      <g fill="none" stroke="var(--color-accent-text)" strokeWidth="2" strokeLinecap="round">
        <circle cx="16" cy="15.5" r="5" />
        <path d="M16 7.8v3.4M16 19.8v3.4M8.3 15.5h3.4M20.3 15.5h3.4" />
      </g>
    </svg>
  );
}

export function Logo() {
  const { t } = useTranslation();
  return (
    <Link to="/" className={styles.logo} aria-label={t('nav.homeLabel')}>
      <LogoMark />
      <span>{t('app.name')}</span>
    </Link>
  );
}
