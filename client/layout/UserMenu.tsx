import { useTranslation } from 'react-i18next';
import { Avatar } from '@client/components/Avatar';
import { Icon } from '@client/components/Icon';
import { Menu, MenuItem, MenuSeparator } from '@client/components/Menu';
import { PrivilegeBadges } from '@client/components/PrivilegeBadges';
import { useViewer } from '@client/state/session';
import type { MenuEntry } from './menu';
import { EntryLabel } from './OpenCasesLink';
import { useSignOut } from './useSignOut';
import styles from './UserMenu.module.css';

/** The signed-in user's menu in the header. */
export function UserMenu({ entries }: { entries: readonly MenuEntry[] }) {
  const { t } = useTranslation();
  const { userinfo, privileges } = useViewer();
  const signOut = useSignOut();
  if (!userinfo) return null;

  return (
    <Menu
      triggerLabel={t('header.userMenu', { name: userinfo.username })}
      triggerClassName={styles.trigger}
      trigger={
        <>
          <Avatar name={userinfo.username} src={userinfo.userAvatar} size={28} />
          <span className={styles.name}>{userinfo.username}</span>
          <Icon name="chevronDown" size={16} />
        </>
      }
      header={
        <div className={styles.who}>
          <span className={styles.whoName}>
            {userinfo.username}
            <span className={styles.whoId}>#{userinfo.userId}</span>
          </span>
          <PrivilegeBadges privileges={privileges} inline />
        </div>
      }
    >
      <MenuItem to={`/space/${userinfo.userId}`}>
        <Icon name="user" />
        {t('nav.space')}
      </MenuItem>
      {entries.map((entry) => (
        <MenuItem key={entry.to} to={entry.to}>
          <Icon name={entry.icon} />
          <EntryLabel entry={entry} />
        </MenuItem>
      ))}
      <MenuSeparator />
      <MenuItem danger onSelect={() => void signOut()}>
        <Icon name="logout" />
        {t('header.signout')}
      </MenuItem>
    </Menu>
  );
}
