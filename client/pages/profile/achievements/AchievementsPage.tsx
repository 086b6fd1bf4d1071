import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACHIEVEMENTS, achievementById } from '@shared/achievements';
import { claimAchievement, getAchievements } from '@client/api/achievements';
import { useDescribeError } from '@client/api/describeError';
import { useShowError } from '@client/components/useShowError';
import { Button } from '@client/components/Button';
import { Card } from '@client/components/Card';
import { EmptyState } from '@client/components/EmptyState';
import { Notice } from '@client/components/Notice';
import { Skeleton } from '@client/components/Skeleton';
import { toast } from '@client/components/toast';
import { useRemote } from '@client/hooks/useRemote';
import { useSessionEvents } from '@client/realtime/useSessionEvents';
import { useFormat } from '@client/i18n/format';
import { SectionHeader } from '../SectionHeader';
import { AchievementCard } from './AchievementCard';
import styles from './AchievementsPage.module.css';

/** /profile/achievements — what I own, what I can claim now, and what is left with its condition. */
export function AchievementsPage() {
  const { t } = useTranslation();
  const describe = useDescribeError();
  const showError = useShowError();
  const format = useFormat();
  const remote = useRemote('achievements', (signal) => getAchievements(signal));
  const [claiming, setClaiming] = useState<string | null>(null);
  // A grant made elsewhere (a job, an admin, another tab) changes the account: read the page again.
  useSessionEvents((event) => {
    if (event.name === 'user.updated') remote.reload();
  });

  const claim = async (id: string) => {
    setClaiming(id);
    try {
      await claimAchievement(id);
      toast.success(t('achievements.claimed', { name: t(`achievements.names.${id}`) }));
      remote.reload();
    } catch (error) {
      showError(error);
      remote.reload();
    } finally {
      setClaiming(null);
    }
  };

  const header = <SectionHeader title={t('achievements.title')} description={t('achievements.description')} />;
  if (remote.state === 'failed' && !remote.data) {
    return (
      <>
        {header}
        <Card>
          <EmptyState tone="error" icon="alert" title={t('achievements.loadFailed')} action={<Button onClick={remote.reload}>{t('common.retry')}</Button>}>
            {describe(remote.error)}
          </EmptyState>
        </Card>
      </>
    );
  }
  if (!remote.data) {
    return (
      <>
        {header}
        <Card>
          <div className={styles.skeleton} aria-busy="true">
            {[0, 1, 2, 3].map((i) => (
              <div key={i} className={styles.skeletonRow}>
                <Skeleton width={48} height={48} radius="50%" />
                <div className={styles.body}>
                  <Skeleton width="40%" height={16} />
                  <Skeleton width="80%" />
                </div>
              </div>
            ))}
          </div>
        </Card>
      </>
    );
  }

  const data = remote.data;
  const owned = new Map(data.achievements.map((a) => [a.name, a.acquisitionTime]));
  const claimable = new Set(data.claimable);
  const ownedDefs = data.achievements.map((a) => achievementById(a.name)).filter((d) => !!d).reverse();
  const claimableDefs = ACHIEVEMENTS.filter((a) => claimable.has(a.id) && !owned.has(a.id));
  const lockedDefs = ACHIEVEMENTS.filter((a) => !claimable.has(a.id) && !owned.has(a.id));
  return (
    <>
      {header}
      <Card>
        <div className={styles.summary}>
          <strong className={styles.exp}>{t('achievements.experience', { points: format.number(data.userAchievementExp) })}</strong>
          <span>{t('achievements.ownedCount', { owned: format.number(owned.size), total: format.number(ACHIEVEMENTS.length) })}</span>
        </div>
        {!data.isPublicAchievement && <Notice tone="info">{t('achievements.hiddenFromOthers')}</Notice>}
      </Card>

      <section className={styles.section} aria-labelledby="ach-claimable">
        <h2 id="ach-claimable">{t('achievements.claimableTitle')}</h2>
        {claimableDefs.length ? (
          <ul className={styles.list}>
            {claimableDefs.map((def) => (
              <AchievementCard key={def.id} def={def} state={{ kind: 'claimable' }} claiming={claiming === def.id} onClaim={() => void claim(def.id)} />
            ))}
          </ul>
        ) : (
          <p className={styles.empty}>{t('achievements.noneClaimable')}</p>
        )}
      </section>

      <section className={styles.section} aria-labelledby="ach-owned">
        <h2 id="ach-owned">{t('achievements.ownedTitle')}</h2>
        {ownedDefs.length ? (
          <ul className={styles.list}>
            {ownedDefs.map((def) => (
              <AchievementCard key={def.id} def={def} state={{ kind: 'owned', acquiredAt: owned.get(def.id)! }} />
            ))}
          </ul>
        ) : (
          <p className={styles.empty}>{t('achievements.emptyOwned')}</p>
        )}
      </section>

      {lockedDefs.length > 0 && (
        <section className={styles.section} aria-labelledby="ach-locked">
          <h2 id="ach-locked">{t('achievements.lockedTitle')}</h2>
          <ul className={styles.list}>
            {lockedDefs.map((def) => (
              <AchievementCard key={def.id} def={def} state={{ kind: 'locked' }} />
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
