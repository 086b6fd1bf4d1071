import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { appLink, COMPANION_APP, openAppUrl, webFallbackPath, type AppTarget } from '@shared/companionApp';
import { buttonClass } from '@client/components/Button';
import { Icon } from '@client/components/Icon';
import { QrCode } from '@client/components/QrCode';
import { Spinner } from '@client/components/Spinner';
import { useOpenApp } from './useOpenApp';
import styles from './AppPanel.module.css';

interface AppPanelProps {
  target: AppTarget;
  /** Follow the app's link at once (otherwise the panel only presents the app). */
  launch: boolean;
  /** The panel is the page itself (its title is the page's heading). */
  standalone?: boolean;
}

function StoreLinks() {
  const { t } = useTranslation();
  return (
    <div className={styles.stores}>
      <h3 className={styles.storesTitle}>{t('companionApp.stores.title')}</h3>
      <ul>
        {COMPANION_APP.stores.map((s) => (
          <li key={s.store}>
            <a className={buttonClass({ variant: 'secondary' })} href={s.url} target="_blank" rel="noreferrer" data-store={s.store}>
              <Icon name="download" size={16} />
              {t(`companionApp.stores.${s.store}`)}
            </a>
            {s.placeholder && <span className={styles.placeholder}>{t('companionApp.stores.placeholder')}</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The companion app for one target: tries to open it when asked, and when the page is still in
 * front after a moment offers the store links, a QR code of the address that opens it (for a
 * phone) and the same content on the web.
 */
export function AppPanel({ target, launch, standalone }: AppPanelProps) {
  const { t } = useTranslation();
  const link = appLink(target);
  const { state, retry } = useOpenApp(launch ? link : null);
  const Heading = standalone ? 'h1' : 'h2';
  const openAgain = (e: MouseEvent) => {
    e.preventDefault();
    retry();
  };
  const what =
    target.screen === 'case' ? t('companionApp.targets.case', { ouid: target.ouid }) : target.screen === 'search' ? t('companionApp.targets.search', { text: target.text }) : t('companionApp.targets.home');
  const title = state === 'trying' ? 'companionApp.trying' : state === 'fallback' ? 'companionApp.fallback' : 'companionApp.promo';

  return (
    <section className={`${styles.panel} ${standalone ? styles.standalone : ''}`} aria-labelledby="app-panel-title" data-state={state}>
      <div className={styles.text}>
        <p className={styles.what}>{what}</p>
        <Heading id="app-panel-title" className={styles.title}>
          {state === 'trying' && <Spinner size={20} />}
          {t(`${title}.title`)}
        </Heading>
        <p className={styles.lead} aria-live="polite">
          {t(`${title}.text`)}
        </p>
        <div className={styles.actions}>
          <a className={buttonClass({ variant: 'primary' })} href={link} onClick={launch ? openAgain : undefined}>
            <Icon name="external" size={16} />
            {t('companionApp.openApp')}
          </a>
          {launch && (
            <Link className={buttonClass({ variant: 'ghost' })} to={webFallbackPath(target)}>
              {t('companionApp.continueWeb')}
              <Icon name="arrowRight" size={16} />
            </Link>
          )}
        </div>
        {state !== 'trying' && <StoreLinks />}
      </div>
      {state !== 'trying' && (
        <figure className={styles.qr}>
          <QrCode value={openAppUrl(location.origin, target)} alt={t('companionApp.qr.alt')} size={176} />
          <figcaption>{t('companionApp.qr.caption')}</figcaption>
        </figure>
      )}
    </section>
  );
}
