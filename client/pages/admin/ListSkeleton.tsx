import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '@client/pages/shared/Admin.module.css';

interface ListSkeletonProps {
  rows: number;
  /** Marks itself busy too, not only the list's frame (as the record, judgement-log and appeal lists have it). */
  busy?: boolean;
  /** The placeholder lines of row `i`. */
  children: (i: number) => ReactNode;
}

/** Placeholder rows of a staff list while it loads. */
export function ListSkeleton({ rows, busy = false, children }: ListSkeletonProps) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-busy={busy || undefined} aria-label={t('common.loading')}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className={styles.skeletonItem}>
          {children(i)}
        </div>
      ))}
    </div>
  );
}
