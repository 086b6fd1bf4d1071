import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@client/components/Button';
import { Icon } from '@client/components/Icon';
import { useViewer } from '@client/state/session';
import type { MenuEntry } from './menu';
import { EntryLabel } from './OpenCasesLink';
import { SITE_LINKS } from './siteLinks';
import { useSignOut } from './useSignOut';
import styles from './MobileDrawer.module.css';

/** One entry of the drawer's lists. */
function DrawerLink({ to, icon, label, end }: { to: string; icon: MenuEntry['icon']; label: ReactNode; end?: boolean }) {
  return (
    <li>
      <NavLink to={to} end={end} className={styles.link}>
        <Icon name={icon} />
        {label}
      </NavLink>
    </li>
  );
}

interface DrawerNavProps {
  mainEntries: readonly MenuEntry[];
  userEntries: readonly MenuEntry[];
  signinLink: string;
}

/** What the drawer holds: the main menu, the account's pages, or the ways to sign up and in. */
export function DrawerNav({ mainEntries, userEntries, signinLink }: DrawerNavProps) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const signOut = useSignOut();
  return (
    <>
      <nav className={styles.content} aria-label={t('nav.main')}>
        <ul className={styles.group}>
          <DrawerLink to="/" end icon="shield" label={t('nav.home')} />
          {mainEntries.map((entry) => (
            <DrawerLink key={entry.to} to={entry.to} icon={entry.icon} label={t(`nav.${entry.key}`)} />
          ))}
          <li>
            <a className={styles.link} href={SITE_LINKS.announcements} target="_blank" rel="noreferrer">
              <Icon name="message" />
              {t('nav.announcements')}
              <Icon name="external" size={14} />
            </a>
          </li>
        </ul>
        {viewer.signedIn && (
          <ul className={styles.group} aria-label={t('nav.account')}>
            <li className={styles.groupTitle} aria-hidden>
              {viewer.userinfo?.username}
            </li>
            {viewer.userinfo && <DrawerLink to={`/space/${viewer.userinfo.userId}`} icon="user" label={t('nav.space')} />}
            {userEntries.map((entry) => (
              <DrawerLink key={entry.to} to={entry.to} icon={entry.icon} label={<EntryLabel entry={entry} />} />
            ))}
            <li>
              <button type="button" className={`${styles.link} ${styles.danger}`} onClick={() => void signOut()}>
                <Icon name="logout" />
                {t('header.signout')}
              </button>
            </li>
          </ul>
        )}
      </nav>
      {!viewer.signedIn && (
        <div className={styles.auth}>
          <ButtonLink to="/signup" variant="primary" size="lg" block>
            {t('header.signup')}
          </ButtonLink>
          <ButtonLink to={signinLink} size="lg" block>
            {t('header.signin')}
          </ButtonLink>
        </div>
      )}
    </>
  );
}
