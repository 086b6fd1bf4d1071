import { useTranslation } from 'react-i18next';
import { useDescribeError } from '@client/api/describeError';
import type { RangeCounters as Counters } from '@client/api/stats';
import { Button } from '@client/components/Button';
import { Icon, type IconName } from '@client/components/Icon';
import { Notice } from '@client/components/Notice';
import { Skeleton } from '@client/components/Skeleton';
import type { Remote } from '@client/hooks/useRemote';
import { useFormat } from '@client/i18n/format';
import styles from './SiteStatsPage.module.css';

/** What happened inside the range first, then where the case database stands now. */
const TILES: ReadonlyArray<{ key: keyof Counters; icon: IconName; scope: 'range' | 'total' }> = [
  { key: 'reports', icon: 'flag', scope: 'range' },
  { key: 'registers', icon: 'user', scope: 'range' },
  { key: 'banAppeals', icon: 'scale', scope: 'range' },
  { key: 'players', icon: 'users', scope: 'total' },
  { key: 'confirmed', icon: 'shield', scope: 'total' },
];

/** The counters of /statistics for the chosen range; the last numbers stay, dimmed, while a new range loads. */
export function RangeCounters({ counters }: { counters: Remote<Counters> & { reload: () => void } }) {
  const { t } = useTranslation();
  const describe = useDescribeError();
  const format = useFormat();
  const value = counters.data;
  return (
    <section aria-labelledby="stats-counters">
      <h2 id="stats-counters" className="visually-hidden">
        {t('siteStats.counters.title')}
      </h2>
      {counters.state === 'failed' && (
        <div className={styles.counterError}>
          <Notice tone="danger" title={t('siteStats.counters.failed')} action={<Button size="sm" onClick={counters.reload}>{t('common.retry')}</Button>}>
            {describe(counters.error)}
          </Notice>
        </div>
      )}
      <dl className={styles.counters} aria-busy={counters.state === 'loading'} data-stale={counters.state !== 'ready' && value ? '' : undefined}>
        {TILES.map(({ key, icon, scope }) => (
          <div key={key} className={styles.counter} data-counter={key}>
            <dt>
              <Icon name={icon} size={16} />
              {t(`siteStats.counters.${key}`)}
            </dt>
            <dd>{value ? format.number(value[key] ?? 0) : counters.state === 'loading' ? <Skeleton width={72} height={28} /> : '—'}</dd>
            <dd className={styles.scope}>{t(`siteStats.counters.${scope}`)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
