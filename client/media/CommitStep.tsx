import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/Button';
import { formatQuotaBytes } from '@client/i18n/quotaFormat';
import type { Sent } from './useMediaCommit';
import styles from './UploadWidget.module.css';

interface CommitStepProps {
  sent: Sent | null;
  /** The stored name of a file sent and not ready yet. */
  waiting: string | null;
  error: string | null;
  onCancel: () => void;
  onRetry: () => void;
}

/** The widget's last step: bytes sent with a cancel button, then "processing" until the file is ready. */
export function CommitStep({ sent, waiting, error, onCancel, onRetry }: CommitStepProps) {
  const { t, i18n } = useTranslation();
  return (
    <div className={styles.commit}>
      {sent ? (
        <>
          <progress max={sent.total} value={sent.sent} aria-label={t('widget.sending')} />
          <p className={styles.small}>{t('media.quota.of', { used: formatQuotaBytes(sent.sent, i18n.language), limit: formatQuotaBytes(sent.total, i18n.language) })}</p>
          <Button size="sm" variant="ghost" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        </>
      ) : waiting ? (
        <p>{t('widget.processing')}</p>
      ) : error ? (
        <Button onClick={onRetry}>{t('common.retry')}</Button>
      ) : (
        <p>{t('widget.sending')}</p>
      )}
    </div>
  );
}
