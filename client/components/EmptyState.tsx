import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon';
import styles from './EmptyState.module.css';

interface EmptyStateProps {
  icon: IconName;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  /** A failure to load reads as an alert; an empty result does not. */
  tone?: 'empty' | 'error';
}

/** What a list or section shows instead of content: nothing found, or it could not be loaded. */
export function EmptyState({ icon, title, children, action, tone = 'empty' }: EmptyStateProps) {
  return (
    <div className={`${styles.state} ${styles[tone]}`} role={tone === 'error' ? 'alert' : 'status'}>
      <span className={styles.icon}>
        <Icon name={icon} size={22} />
      </span>
      <p className={styles.title}>{title}</p>
      {children && <div className={styles.text}>{children}</div>}
      {action && <div className={styles.action}>{action}</div>}
    </div>
  );
}
