import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isFestive } from '@shared/festive';
import { SITE_START } from '@shared/games';
import { SCREENS } from '@shared/screens';
import { SPONSORS } from '@shared/sponsors';
import { Icon } from '@client/components/Icon';
import { LanguageSelect } from '@client/components/LanguageSelect';
import { Logo } from '@client/components/Logo';
import { ThemePicker } from '@client/components/ThemePicker';
import { useViewer } from '@client/state/session';
import type { MenuEntry } from './menu';
import { Sponsors } from './Sponsors';
import { SITE_LINKS } from './siteLinks';
import { RULE_ANNOUNCEMENTS } from '@shared/announcements';
import { announcementPath } from '@client/pages/announcement/paths';
import styles from './Footer.module.css';

function External({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noreferrer">
      {children}
      <Icon name="external" size={12} />
    </a>
  );
}

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <nav aria-label={title}>
      <h2 className={styles.columnTitle}>{title}</h2>
      <ul className={styles.links}>{children}</ul>
    </nav>
  );
}

/** The site footer: `banner` (the app banner, when shown) on top, then links, sponsors, settings and version. */
export function Footer({ menu, banner }: { menu: readonly MenuEntry[]; banner?: ReactNode }) {
  const { t } = useTranslation();
  const { signedIn } = useViewer();
  const siteEntries = menu.filter((e) => e.place === 'main');
  const since = new Date(SITE_START).getUTCFullYear();

  return (
    <footer className={styles.footer}>
      {banner}
      {isFestive(new Date()) && (
        <p className={`container ${styles.festive}`} role="note">
          {t('footer.festive')}
        </p>
      )}
      <div className={`container ${styles.top}`}>
        <div className={styles.brand}>
          <Logo />
          <p>{t('footer.tagline')}</p>
        </div>
        <Column title={t('footer.site')}>
          {siteEntries.map((entry) => (
            <li key={entry.to}>
              <Link to={entry.to}>{t(`nav.${entry.key}`)}</Link>
            </li>
          ))}
          <li>
            <Link to={SCREENS.accessibility}>{t('footer.accessibility')}</Link>
          </li>
          {!signedIn && (
            <li>
              <Link to="/signup">{t('header.signup')}</Link>
            </li>
          )}
        </Column>
        <Column title={t('footer.community')}>
          <li>
            <External href={SITE_LINKS.announcements}>{t('nav.announcements')}</External>
          </li>
          {RULE_ANNOUNCEMENTS.map((name) => (
            <li key={name}>
              <Link to={announcementPath(name)}>{t(`announcement.names.${name}`)}</Link>
            </li>
          ))}
          <li>
            <External href={SITE_LINKS.community}>{t('footer.forum')}</External>
          </li>
          <li>
            <External href={SITE_LINKS.translate}>{t('footer.translate')}</External>
          </li>
          <li>
            <Link to="/link">{t('footer.links')}</Link>
          </li>
          <li>
            <External href={SITE_LINKS.status}>{t('footer.status')}</External>
          </li>
        </Column>
        <Column title={t('footer.developers')}>
          <li>
            <a href={SITE_LINKS.apiDocs}>{t('footer.apiDocs')}</a>
          </li>
          <li>
            <Link to="/apps">{t('footer.tools')}</Link>
          </li>
          <li>
            <Link to="/developers">{t('footer.yourApplications')}</Link>
          </li>
          <li>
            <Link to="/about#privacy">{t('footer.privacy')}</Link>
          </li>
          <li>
            <Link to="/about#terms">{t('footer.terms')}</Link>
          </li>
          <li>
            <a href={`mailto:${SITE_LINKS.appealsMail}`}>{t('footer.appealsMail')}</a>
          </li>
          <li>
            <a href={`mailto:${SITE_LINKS.servicesMail}`}>{t('footer.servicesMail')}</a>
          </li>
        </Column>
      </div>
      <div className="container">
        <Sponsors sponsors={SPONSORS} />
        <div className={styles.settings}>
          <div className={styles.language}>
            <LanguageSelect />
          </div>
          <ThemePicker variant="swatches" />
        </div>
        <div className={styles.bottom}>
          <span>{t('footer.copyright', { since })}</span>
          <span className={styles.version}>{t('footer.version', { version: __APP_VERSION__ })}</span>
        </div>
      </div>
    </footer>
  );
}
