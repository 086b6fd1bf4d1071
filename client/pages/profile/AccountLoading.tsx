import { useTranslation } from 'react-i18next';
import { useDescribeError } from '@client/api/describeError';
import { Button } from '@client/components/Button';
import { Card } from '@client/components/Card';
import { Notice } from '@client/components/Notice';
import { Skeleton } from '@client/components/Skeleton';
import styles from './AccountLoading.module.css';

/** What a profile section shows until the account arrives: skeleton lines, or the error and a retry. */
export function AccountLoading({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  const describe = useDescribeError();
  if (error) {
    return (
      <Notice tone="danger" title={t('profile.loadFailed')} action={<Button size="sm" onClick={retry}>{t('common.retry')}</Button>}>
        {describe(error)}
      </Notice>
    );
  }
  return (
    <Card>
      <div className={styles.lines} role="status" aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton width="40%" height={20} />
        <Skeleton width="70%" />
        <Skeleton width="55%" />
        <Skeleton width="62%" />
      </div>
    </Card>
  );
}
