import { useEffect, useRef, useState, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '@client/components/Button';
import { Icon } from '@client/components/Icon';
import { LogoMark } from '@client/components/Logo';
import { useViewer } from '@client/state/session';
import type { MenuEntry } from './menu';
import { EntryLabel } from './OpenCasesLink';
import { SITE_LINKS } from './siteLinks';
import { useSignOut } from './useSignOut';
import styles from './MobileDrawer.module.css';

interface MobileDrawerProps {
  className: string;
  mainEntries: readonly MenuEntry[];
  userEntries: readonly MenuEntry[];
  signinLink: string;
}

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

/** The menu of narrow screens: a side sheet on a native modal dialog (focus trap and Escape included). */
export function MobileDrawer({ className, mainEntries, userEntries, signinLink }: MobileDrawerProps) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const signOut = useSignOut();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (open && dialog && !dialog.open) dialog.showModal();
    if (!open && dialog?.open) dialog.close();
  }, [open]);

  return (
    <>
      <Button variant="ghost" iconOnly className={className} aria-label={t('nav.openMenu')} aria-expanded={open} onClick={() => setOpen(true)}>
        <Icon name="menu" size={20} />
      </Button>
      <dialog
        ref={ref}
        className={styles.sheet}
        aria-label={t('nav.menu')}
        onClose={() => setOpen(false)}
        onClick={(e) => {
          // A click on the backdrop, or on any link inside, closes the sheet.
          if (e.target === e.currentTarget || (e.target as HTMLElement).closest('a')) setOpen(false);
        }}
      >
        <div className={styles.top}>
          <LogoMark />
          <Button variant="ghost" iconOnly aria-label={t('common.close')} onClick={() => setOpen(false)}>
            <Icon name="close" size={20} />
          </Button>
        </div>
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
      </dialog>
    </>
  );
}
