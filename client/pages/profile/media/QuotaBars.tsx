import { useTranslation } from 'react-i18next';
import type { StorageQuota } from '@shared/types/files';
import { DateTime } from '@client/components/DateTime';
import { formatQuotaBytes, usedShare } from '@client/i18n/quotaFormat';
import styles from './MediaPage.module.css';

function Bar({ label, used, limit, text }: { label: string; used: number; limit: number; text: string }) {
  const share = usedShare(used, limit);
  return (
    <div className={styles.bar}>
      <div className={styles.barHead}>
        <span>{label}</span>
        <span className={styles.barText}>{text}</span>
      </div>
      <div className={styles.track} role="meter" aria-label={label} aria-valuemin={0} aria-valuemax={limit} aria-valuenow={used} aria-valuetext={text}>
        <div className={share >= 0.9 ? `${styles.fill} ${styles.full}` : styles.fill} style={{ width: `${share * 100}%` }} />
      </div>
    </div>
  );
}

/** The quota as bars: storage used of the limit, today's traffic, today's files; when the day's counters start again. */
export function QuotaBars({ quota }: { quota: StorageQuota }) {
  const { t, i18n } = useTranslation();
  const bytes = (n: number) => formatQuotaBytes(n, i18n.language);
  return (
    <div className={styles.quota}>
      <Bar label={t('media.quota.storage')} used={quota.totalStorage} limit={quota.maxStorageQuota} text={t('media.quota.of', { used: bytes(quota.totalStorage), limit: bytes(quota.maxStorageQuota) })} />
      <Bar label={t('media.quota.traffic')} used={quota.todayTraffic} limit={quota.maxTrafficQuota} text={t('media.quota.of', { used: bytes(quota.todayTraffic), limit: bytes(quota.maxTrafficQuota) })} />
      <Bar label={t('media.quota.files')} used={quota.todayFileNumber} limit={quota.maxFileNumber} text={t('media.quota.of', { used: quota.todayFileNumber, limit: quota.maxFileNumber })} />
      <p className={styles.reset}>
        {t('media.quota.reset')} <DateTime value={quota.resetTime} relative />
      </p>
    </div>
  );
}
