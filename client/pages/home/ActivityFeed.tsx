import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import type { ActivityItem } from '@shared/types/cases';
import { useDescribeError } from '@client/api/describeError';
import { casePath } from '@client/app/casePaths';
import { Avatar } from '@client/components/Avatar';
import { Button } from '@client/components/Button';
import { EmptyState } from '@client/components/EmptyState';
import { Icon, type IconName } from '@client/components/Icon';
import { Skeleton } from '@client/components/Skeleton';
import { UserLink } from '@client/components/userCard/UserLink';
import { useFormat } from '@client/i18n/format';
import { activityKey, lineValues } from './activityFeed';
import styles from './SiteActivity.module.css';

const ICONS: Record<ActivityItem['type'], IconName> = { register: 'user', report: 'flag', judgement: 'scale', banAppeal: 'message' };

/** Re-renders every half minute so "2 minutes ago" keeps moving. */
function useTick(ms = 30_000) {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), ms);
    return () => clearInterval(timer);
  }, [ms]);
}

function Line({ item }: { item: ActivityItem }) {
  const { t } = useTranslation();
  const format = useFormat();
  const isRegister = item.type === 'register';
  const whoId = isRegister ? item.id : item.byUserId;
  const who = whoId ? <UserLink id={whoId} className={styles.who} /> : <span className={styles.who} />;
  const player = item.playerOriginPersonaId ? <Link to={casePath(item.playerOriginPersonaId)} className={styles.player} /> : <span />;
  return (
    <li className={styles.line}>
      {isRegister ? (
        <span className={`${styles.icon} ${styles.register}`}>
          <Icon name={ICONS.register} size={16} />
        </span>
      ) : (
        <Avatar name={item.toPlayerName ?? '?'} src={item.playerAvatarLink} size={32} square />
      )}
      <p className={styles.text}>
        <Icon name={ICONS[item.type]} size={14} className={styles.kind} />
        <Trans i18nKey={`home.feed.${item.type}`} values={lineValues(t, item)} components={{ who, player }} />
      </p>
      <time className={styles.time} dateTime={item.createTime} title={format.dateTime(item.createTime)}>
        {format.relative(item.createTime)}
      </time>
    </li>
  );
}

/**
 * What is happening on the site, newest first, live from the `all` room. It is no live region: the
 * lines it opens with would all be read out on load; a line arriving later is said by the live
 * announcer (useSiteActivity.ts).
 */
export function ActivityFeed({ feed, retry }: { feed: { state: 'loading' } | { state: 'ready'; value: readonly ActivityItem[] } | { state: 'failed'; error: unknown }; retry: () => void }) {
  const { t } = useTranslation();
  const describe = useDescribeError();
  useTick();
  if (feed.state === 'failed') {
    return (
      <EmptyState tone="error" icon="alert" title={t('home.feed.failed')} action={<Button onClick={retry}>{t('common.retry')}</Button>}>
        {describe(feed.error)}
      </EmptyState>
    );
  }
  if (feed.state === 'loading') {
    return (
      <ul className={styles.lines} aria-busy="true" aria-label={t('common.loading')}>
        {Array.from({ length: 6 }, (_, i) => (
          <li key={i} className={styles.line}>
            <Skeleton width={32} height={32} radius="var(--radius-md)" />
            <Skeleton width={`${50 + ((i * 13) % 35)}%`} />
          </li>
        ))}
      </ul>
    );
  }
  if (!feed.value.length) return <EmptyState icon="bolt" title={t('home.feed.empty')}>{t('home.feed.emptyText')}</EmptyState>;
  return (
    <ul className={styles.lines}>
      {feed.value.map((item) => (
        <Line key={activityKey(item)} item={item} />
      ))}
    </ul>
  );
}
