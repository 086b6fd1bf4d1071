import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon';
import styles from './Notice.module.css';

type NoticeTone = 'info' | 'success' | 'warning' | 'danger';

const ICONS: Record<NoticeTone, IconName> = { info: 'info', success: 'checkCircle', warning: 'alert', danger: 'xCircle' };

interface NoticeProps {
  tone?: NoticeTone;
  title?: ReactNode;
  action?: ReactNode;
  children?: ReactNode;
}

/** An inline message inside a page; errors are announced as alerts. */
export function Notice({ tone = 'info', title, action, children }: NoticeProps) {
  return (
    <div className={`${styles.notice} ${styles[tone]}`} role={tone === 'danger' ? 'alert' : 'status'}>
      <Icon name={ICONS[tone]} />
      <div className={styles.body}>
        {title && <p className={styles.title}>{title}</p>}
        {children && <div>{children}</div>}
        {action && <div className={styles.action}>{action}</div>}
      </div>
    </div>
  );
}
