import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { rules } from '@shared/policy';
import { ApiError } from '@client/api/ApiError';
import { useDescribeError } from '@client/api/describeError';
import { getUserInfo } from '@client/api/users';
import { signinPath } from '@client/app/guards';
import { usePageTitleValues } from '@client/app/pageTitle';
import { Avatar } from '@client/components/Avatar';
import { Button, ButtonLink } from '@client/components/Button';
import { DateTime } from '@client/components/DateTime';
import { Icon } from '@client/components/Icon';
import { EmptyState } from '@client/components/EmptyState';
import { PrivilegeBadges } from '@client/components/PrivilegeBadges';
import { Skeleton } from '@client/components/Skeleton';
import { useRemote } from '@client/hooks/useRemote';
import { useFormat } from '@client/i18n/format';
import { RichText } from '@client/richText/RichText';
import { useViewer } from '@client/state/session';
import { STRIP_ACHIEVEMENTS } from '@shared/achievements';
import { AchievementStrip } from '@client/components/achievements/AchievementStrip';
import { ReportsOfUser } from './ReportsOfUser';
import styles from './SpacePage.module.css';

const ID = /^[1-9]\d{0,9}$/;

/** /space/:uId — a member's page: who they are, what their reports became, and the reports. */
export function SpacePage() {
  const { t } = useTranslation();
  const describe = useDescribeError();
  const format = useFormat();
  const { uId = '' } = useParams();
  const [params] = useSearchParams();
  const { has, signedIn, userinfo } = useViewer();
  // Staff read every attribute from /user/info4admin (its rule: rules.staff); /user/info shows the
  // user themself the game account, so its answer depends on who asks.
  const asStaff = has(rules.staff);
  const viewerId = signedIn ? (userinfo?.userId ?? 0) : 0;
  const id = ID.test(uId) ? Number(uId) : null;
  const remote = useRemote(id ? `${id}:${asStaff}:${viewerId}` : null, (signal) => getUserInfo(id!, asStaff, signal));
  const user = remote.data;
  usePageTitleValues({ name: user?.username ?? `#${uId}` });
  const page = Math.max(1, Number(params.get('page')) || 1);

  if (!id || (remote.state === 'failed' && remote.error instanceof ApiError && remote.error.code === 'userInfo.notFound')) {
    return (
      <div className="container">
        <EmptyState icon="user" title={t('space.notFound')}>
          {t('space.notFoundText')}
        </EmptyState>
      </div>
    );
  }
  if (remote.state === 'failed' && !user) {
    return (
      <div className="container">
        <EmptyState tone="error" icon="alert" title={t('space.loadFailed')} action={<Button onClick={remote.reload}>{t('common.retry')}</Button>}>
          {describe(remote.error)}
        </EmptyState>
      </div>
    );
  }

  const stats = user ? [
    { key: 'reports', value: user.reportNum },
    { key: 'open', value: user.statusNum['0'] ?? 0 },
    { key: 'confirmed', value: user.statusNum['1'] ?? 0 },
    { key: 'invalid', value: user.statusNum['4'] ?? 0 },
  ] : [];

  return (
    <div className={`container ${styles.page}`}>
      <section className={styles.profile} aria-busy={!user}>
        {user ? (
          <>
            <Avatar name={user.username} src={user.userAvatar} size={80} />
            <div className={styles.who}>
              <h1>
                {user.username} <span className={styles.id}>#{user.id}</span>
              </h1>
              <PrivilegeBadges privileges={user.privilege} />
              {user.attr.achievements && Object.keys(user.attr.achievements).length > 0 && (
                <div className={styles.achievements}>
                  <AchievementStrip owned={user.attr.achievements} max={STRIP_ACHIEVEMENTS} size={26} />
                  <span className={styles.muted}>{t('achievements.experience', { points: format.number(user.userAchievementExp) })}</span>
                </div>
              )}
              {user.attr.introduction ? <RichText html={user.attr.introduction} /> : <p className={styles.muted}>{t('userCard.noIntroduction')}</p>}
              <p className={styles.muted}>
                {t('space.joined')} <DateTime value={user.joinTime} /> · {t('space.lastOnline')} <DateTime value={user.lastOnlineTime} relative />
              </p>
              {user.origin?.originName && (
                <p className={styles.muted}>
                  {t('space.gameAccount')} <strong>{user.origin.originName}</strong>
                </p>
              )}
              {user.attr.allowDM && user.id !== userinfo?.userId && (
                <p>
                  <ButtonLink to={signedIn ? `/profile/chat?with=${user.id}` : signinPath({ backurl: `/profile/chat?with=${user.id}` })} size="sm">
                    <Icon name="message" size={14} />
                    {t('messages.sendTo', { name: user.username })}
                  </ButtonLink>
                </p>
              )}
            </div>
            <dl className={styles.stats}>
              {stats.map((s) => (
                <div key={s.key}>
                  <dt>{t(`space.stats.${s.key}`)}</dt>
                  <dd>{format.number(s.value)}</dd>
                </div>
              ))}
            </dl>
          </>
        ) : (
          <>
            <Skeleton width={80} height={80} radius="50%" />
            <div className={styles.who}>
              <Skeleton width="30%" height={28} />
              <Skeleton width="50%" />
              <Skeleton width="40%" />
            </div>
          </>
        )}
      </section>
      {/* Not a region of its own: the list in it is the region of this name (ReportsOfUser.tsx), where its pager moves focus. */}
      <section className={styles.reports}>
        <h2>{t('space.reports')}</h2>
        <ReportsOfUser userId={id} page={page} pageTo={(p) => (p > 1 ? `?page=${p}` : '.')} />
      </section>
    </div>
  );
}
