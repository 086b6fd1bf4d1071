import { useTranslation } from 'react-i18next';
import { isAdmin, PRIVILEGE_WEIGHT, type Privilege } from '@shared/privileges';
import type { TimelineEntry } from '@shared/types/cases';
import { Avatar } from '@client/components/Avatar';
import { DateTime } from '@client/components/DateTime';
import { UserLink } from '@client/components/userCard/UserLink';
import { STRIP_ACHIEVEMENTS } from '@shared/achievements';
import { AchievementStrip } from '@client/components/achievements/AchievementStrip';
import { floorAnchor } from './pageQuery';
import styles from './Timeline.module.css';

/** The weightiest privilege, named on the author's tag. */
function topPrivilege(privileges: readonly string[]): Privilege {
  return ([...privileges].filter((p): p is Privilege => p in PRIVILEGE_WEIGHT).sort((a, b) => PRIVILEGE_WEIGHT[b] - PRIVILEGE_WEIGHT[a])[0] ?? 'normal');
}

/** Who wrote an entry (admins in red, everyone else in green), what kind it is, and when. */
export function EntryHeader({ entry }: { entry: TimelineEntry }) {
  const { t } = useTranslation();
  const staff = isAdmin(entry.privilege);
  return (
    <header className={styles.entryHeader}>
      {entry.byUserId !== null && entry.username ? (
        <>
          <UserLink id={entry.byUserId} className={styles.author}>
            <Avatar name={entry.username} src={entry.byUserAvatar} size={24} />
            <span className={styles.authorName}>{entry.username}</span>
          </UserLink>
          <span className={`${styles.role} ${staff ? styles.roleStaff : styles.roleMember}`}>{t(`privileges.${topPrivilege(entry.privilege)}`)}</span>
          {entry.byApp && (
            <span className={`${styles.role} ${styles.roleMember}`} data-by-app={entry.byApp.id}>
              {t('timeline.byApp', { name: entry.byApp.name })}
            </span>
          )}
          <AchievementStrip owned={entry.byUserAchievements} max={STRIP_ACHIEVEMENTS} size={18} />
        </>
      ) : (
        <span className={styles.system}>{t('timeline.system')}</span>
      )}
      <span className={styles.what}>{t(`timeline.types.${entry.type}`)}</span>
      <span className={styles.when}>
        <DateTime value={entry.createTime} relative />
      </span>
      <a className={styles.floor} href={`#${floorAnchor(entry.id)}`} aria-label={t('timeline.floorLabel', { id: entry.id })}>
        #{entry.id}
      </a>
    </header>
  );
}
