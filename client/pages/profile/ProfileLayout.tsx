import { NavLink, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { mayUseWebhooks } from '@shared/webhooks';
import { Avatar } from '@client/components/Avatar';
import { Icon, type IconName } from '@client/components/Icon';
import { inbox } from '@client/state/inbox';
import { useViewer } from '@client/state/session';
import styles from './ProfileLayout.module.css';

/** `label` is a full translation key; by default `profile.section.<key>`. `allowed`: only for these accounts. */
const SECTIONS: ReadonlyArray<{ path: string; key: string; icon: IconName; label?: string; allowed?: (privileges: readonly string[]) => boolean }> = [
  { path: 'information', key: 'information', icon: 'user' },
  { path: 'appearance', key: 'appearance', icon: 'palette' },
  { path: 'changeName', key: 'changeName', icon: 'edit' },
  { path: 'reports', key: 'reports', icon: 'flag' },
  { path: 'subscribes', key: 'subscribes', icon: 'bookmark' },
  { path: 'media', key: 'media', icon: 'image' },
  { path: 'achievements', key: 'achievements', icon: 'checkCircle' },
  { path: 'apps', key: 'apps', icon: 'link' },
  { path: 'webhooks', key: 'webhooks', icon: 'link', label: 'webhooks.section', allowed: mayUseWebhooks },
  { path: 'chat', key: 'chat', icon: 'message', label: 'messages.section' },
  { path: 'history', key: 'history', icon: 'clock' },
  { path: 'enhancement', key: 'enhancement', icon: 'sliders' },
  { path: 'voice', key: 'voice', icon: 'volume' },
  { path: 'export', key: 'export', icon: 'download' },
];

/** The profile area: who is signed in, the section list, and the open section. */
export function ProfileLayout() {
  const { t } = useTranslation();
  const { userinfo, privileges, signedIn } = useViewer();
  const { unread } = useSnapshot(inbox);
  // A visitor reaches only the history, which asks them to sign in: no account sections to list.
  if (!signedIn) {
    return (
      <div className="container">
        <Outlet />
      </div>
    );
  }
  return (
    <div className="container">
      <div className={styles.layout}>
        <aside className={styles.aside}>
          {userinfo && (
            <div className={styles.identity}>
              <Avatar name={userinfo.username} src={userinfo.userAvatar} size={44} />
              <div className={styles.identityText}>
                <span className={styles.identityName}>{userinfo.username}</span>
                <span className={styles.identityId}>#{userinfo.userId}</span>
              </div>
            </div>
          )}
          <nav className={styles.nav} aria-label={t('profile.sections')}>
            <ul>
              {SECTIONS.filter((section) => !section.allowed || section.allowed(privileges)).map((section) => (
                <li key={section.path}>
                  <NavLink to={section.path} className={styles.link}>
                    <Icon name={section.icon} size={16} />
                    {t(section.label ?? `profile.section.${section.key}`)}
                    {section.key === 'chat' && unread > 0 && (
                      <span className={styles.count} aria-label={t('messages.badge.unread', { count: unread })}>
                        {unread > 99 ? '99+' : unread}
                      </span>
                    )}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </aside>
        <div className={styles.content}>
          <Outlet />
        </div>
      </div>
    </div>
  );
}
