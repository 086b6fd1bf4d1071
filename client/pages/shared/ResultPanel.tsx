import type { ReactNode } from 'react';
import { Icon, type IconName } from '@client/components/Icon';
import { Spinner } from '@client/components/Spinner';
import styles from './ResultPanel.module.css';

type ResultTone = 'pending' | 'success' | 'danger' | 'info';

const ICONS: Record<Exclude<ResultTone, 'pending'>, IconName> = { success: 'check', danger: 'close', info: 'mail' };

interface ResultPanelProps {
  tone: ResultTone;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
}

/** The outcome of a step: working on it, done, failed, or "go and check your mail". */
export function ResultPanel({ tone, title, children, actions }: ResultPanelProps) {
  return (
    <div className={styles.result} role={tone === 'danger' ? 'alert' : 'status'} aria-live="polite">
      <div className={`${styles.icon} ${styles[tone]}`}>
        {tone === 'pending' ? <Spinner size={26} /> : <Icon name={ICONS[tone]} size={28} strokeWidth={2.2} />}
      </div>
      <h2 className={styles.title}>{title}</h2>
      {children && <div className={styles.text}>{children}</div>}
      {actions && <div className={styles.actions}>{actions}</div>}
    </div>
  );
}
