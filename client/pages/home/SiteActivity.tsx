import { useTranslation } from 'react-i18next';
import { Card } from '@client/components/Card';
import { LivePulse } from '@client/components/LivePulse';
import { ActivityFeed } from './ActivityFeed';
import { Bulletin } from './Bulletin';
import { SiteCounters } from './SiteCounters';
import { useSiteActivity } from './useSiteActivity';
import styles from './SiteActivity.module.css';

/** The live part of the home page: counters, the activity feed and the bulletin. */
export function SiteActivity() {
  const { t } = useTranslation();
  const { feed, counters, retry } = useSiteActivity();
  return (
    <section className={styles.section} aria-labelledby="activity-title">
      <SiteCounters counters={counters} />
      <div className={styles.columns}>
        <Card
          id="activity"
          title={
            <span className={styles.liveTitle}>
              <LivePulse />
              {t('home.feed.title')}
            </span>
          }
          description={t('home.feed.description')}
          flush
        >
          <ActivityFeed feed={feed} retry={retry} />
        </Card>
        <Bulletin />
      </div>
    </section>
  );
}
