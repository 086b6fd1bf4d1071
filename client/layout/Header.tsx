import { useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useFirstPaint } from '@client/app/firstPaint';
import { signinPath } from '@client/app/guards';
import { ButtonLink } from '@client/components/Button';
import { Icon } from '@client/components/Icon';
import { Logo } from '@client/components/Logo';
import { useViewer } from '@client/state/session';
import { entryVisible, type MenuEntry } from './menu';
import { HeaderSearch } from './HeaderSearch';
import { InboxLink } from './InboxLink';
import { OpenCasesLink } from './OpenCasesLink';
import { MobileDrawer } from './MobileDrawer';
import { UserMenu } from './UserMenu';
import { SITE_LINKS } from './siteLinks';
import { useWrapped } from './useWrapped';
import styles from './Header.module.css';

/** Sign-in links bring the visitor back to where they were, except from the account pages themselves. */
function useSigninLink() {
  const { pathname, search } = useLocation();
  const isAccountPage = ['/signin', '/signup', '/forgetPassword'].some((p) => pathname.startsWith(p));
  return isAccountPage ? '/signin' : signinPath({ backurl: pathname + search });
}

export function Header({ menu }: { menu: readonly MenuEntry[] }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const signinLink = useSigninLink();
  const mainEntries = menu.filter((e) => e.place === 'main');
  const userEntries = menu.filter((e) => e.place === 'user' && entryVisible(e, viewer.privileges));
  // Links that do not fit (large text, long words) wait in the drawer, whose button then shows.
  const navList = useRef<HTMLUListElement>(null);
  const crowded = useWrapped(navList);
  // Drawn on the server, the header cannot know whether the reader is signed in (the login is kept
  // in the browser): neither "Sign in" nor an account is drawn, only the room they take.
  const unknownViewer = useFirstPaint();

  return (
    <header className={`${styles.header} ${crowded ? styles.crowded : ''}`}>
      <div className={`container ${styles.bar}`}>
        <Logo />
        <nav className={styles.nav} aria-label={t('nav.main')}>
          <ul ref={navList} className={styles.navList}>
            {mainEntries.map((entry) => (
              <li key={entry.to}>
                <NavLink to={entry.to} className={styles.navLink}>
                  {t(`nav.${entry.key}`)}
                </NavLink>
              </li>
            ))}
            <li>
              <a className={styles.navLink} href={SITE_LINKS.announcements} target="_blank" rel="noreferrer">
                {t('nav.announcements')}
                <Icon name="external" size={13} />
              </a>
            </li>
          </ul>
        </nav>
        <div className={styles.actions}>
          <HeaderSearch />
          {unknownViewer ? (
            <span className={`${styles.account} ${styles.wideOnly}`} aria-hidden />
          ) : viewer.signedIn ? (
            <>
              {viewer.isAdmin && <OpenCasesLink />}
              <InboxLink />
              <UserMenu entries={userEntries} />
            </>
          ) : (
            <>
              <ButtonLink to={signinLink} variant="ghost" className={styles.wideOnly}>
                {t('header.signin')}
              </ButtonLink>
              <ButtonLink to="/signup" variant="primary" className={styles.wideOnly}>
                {t('header.signup')}
              </ButtonLink>
            </>
          )}
          <MobileDrawer className={styles.drawerToggle} mainEntries={mainEntries} userEntries={userEntries} signinLink={signinLink} />
        </div>
      </div>
    </header>
  );
}
