import { useTranslation } from 'react-i18next';
import { Skeleton } from '@client/components/Skeleton';
import styles from './PlayerPage.module.css';

/** The shape of a case page while it loads. */
export function CaseSkeleton() {
  const { t } = useTranslation();
  return (
    <div className={styles.skeleton} role="status" aria-busy="true" aria-label={t('common.loading')}>
      <div className={styles.skeletonHeader}>
        <Skeleton width={72} height={72} radius="var(--radius-md)" />
        <div className={styles.skeletonLines}>
          <Skeleton width="40%" height={28} />
          <Skeleton width={120} height={22} radius="var(--radius-full)" />
        </div>
      </div>
      <Skeleton height={64} radius="var(--radius-lg)" />
      <Skeleton height={160} radius="var(--radius-lg)" />
      <Skeleton height={160} radius="var(--radius-lg)" />
    </div>
  );
}
