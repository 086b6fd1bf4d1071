import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { rules } from '@shared/policy';
import { CARD_ACHIEVEMENTS } from '@shared/achievements';
import { AchievementStrip } from '../achievements/AchievementStrip';
import { useDescribeError } from '@client/api/describeError';
import { plainText } from '@client/html/plainText';
import { useViewer } from '@client/state/session';
import { Avatar } from '../Avatar';
import { PrivilegeBadges } from '../PrivilegeBadges';
import { Skeleton } from '../Skeleton';
import { useUserInfo } from './useUserInfo';
import styles from './UserCard.module.css';

/**
 * Who a user is, at a glance: avatar, name, id, privileges and introduction, and the game account
 * when the viewer may see it: always for admins (and the user themself), for everyone once made public.
 */
export function UserHoverCard({ id }: { id: number }) {
  const { t } = useTranslation();
  const describe = useDescribeError();
  const { isAdmin, has } = useViewer();
  // Staff read every profile field (also of deleted accounts) from /user/info4admin, whose rule this is.
  const fullView = has(rules.staff);
  const { info, error } = useUserInfo(id, fullView, true);
  const introduction = info?.attr.introduction ? plainText(info.attr.introduction) : '';
  const origin = info?.origin?.originName ? info.origin : null;

  return (
    <div className={styles.body} aria-busy={!info && !error}>
      {error ? (
        <p className={styles.muted}>{describe(error)}</p>
      ) : !info ? (
        <div className={styles.head}>
          <Skeleton width={44} height={44} radius="50%" />
          <div className={styles.lines}>
            <Skeleton width="60%" height={16} />
            <Skeleton width="40%" />
          </div>
        </div>
      ) : (
        <>
          <div className={styles.head}>
            <Avatar name={info.username} src={info.userAvatar} size={44} />
            <div className={styles.lines}>
              <span className={styles.name}>
                {info.username} <span className={styles.muted}>#{info.id}</span>
              </span>
              <PrivilegeBadges privileges={info.privilege} />
            </div>
          </div>
          <AchievementStrip owned={info.attr.achievements} max={CARD_ACHIEVEMENTS} size={24} />
          <p className={introduction ? styles.intro : `${styles.intro} ${styles.muted}`}>{introduction || t('userCard.noIntroduction')}</p>
          {(isAdmin || origin) && (
            <dl className={styles.origin}>
              <dt>{t('userCard.origin')}</dt>
              <dd>{origin ? `${origin.originName} · ${origin.originPersonaId ?? origin.originUserId}` : t('userCard.noOrigin')}</dd>
              {origin && !info.attr.showOrigin && <dd className={styles.muted}>({t('userCard.originHidden')})</dd>}
            </dl>
          )}
          <Link to={`/space/${info.id}`} className={styles.spaceLink}>
            {t('userCard.openSpace')}
          </Link>
        </>
      )}
    </div>
  );
}
