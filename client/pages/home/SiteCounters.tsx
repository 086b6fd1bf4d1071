import { useTranslation } from 'react-i18next';
import type { SiteCounters as Counters } from '@client/api/stats';
import { Icon, type IconName } from '@client/components/Icon';
import { Skeleton } from '@client/components/Skeleton';
import { useFormat } from '@client/i18n/format';
import styles from './SiteActivity.module.css';

const TILES: ReadonlyArray<{ key: keyof Counters; icon: IconName }> = [
  { key: 'reports', icon: 'flag' },
  { key: 'players', icon: 'users' },
  { key: 'confirmed', icon: 'shield' },
  { key: 'registers', icon: 'user' },
];

type Load = { state: 'loading' } | { state: 'ready'; value: Counters } | { state: 'failed'; error: unknown };

/** The site's totals: reports, reported players, confirmed cheaters, members. */
export function SiteCounters({ counters }: { counters: Load }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <dl className={styles.counters} aria-busy={counters.state === 'loading'}>
      {TILES.map(({ key, icon }) => (
        <div key={key} className={styles.counter}>
          <dt>
            <Icon name={icon} size={16} />
            {t(`home.counters.${key}`)}
          </dt>
          <dd>{counters.state === 'ready' ? format.number(counters.value[key] ?? 0) : counters.state === 'loading' ? <Skeleton width={72} height={28} /> : '—'}</dd>
        </div>
      ))}
    </dl>
  );
}
