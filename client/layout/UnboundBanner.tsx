import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '@client/components/Icon';
import { useViewer } from '@client/state/session';
import styles from './UnboundBanner.module.css';

/** Tells a signed-in user without a bound game account that their account is locked until they bind one. */
export function UnboundBanner() {
  const { t } = useTranslation();
  const { me } = useViewer();
  const { pathname } = useLocation();
  if (!me || me.isBound || pathname === '/bindOrigin') return null;
  return (
    <div className={styles.banner} role="status">
      <div className={`container ${styles.inner}`}>
        <p className={styles.text}>
          <Icon name="lock" size={16} />
          {t('banner.unbound')}
        </p>
        <Link to="/bindOrigin" className={styles.link}>
          {t('banner.bindNow')}
          <Icon name="arrowRight" size={14} />
        </Link>
      </div>
    </div>
  );
}
