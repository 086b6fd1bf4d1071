import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SCREENS } from '@shared/screens';
import { Button, buttonClass } from '@client/components/Button';
import { Icon } from '@client/components/Icon';
import styles from './Footer.module.css';

/** The footer's promotion of the companion app; closing it turns the `footerBar` local flag off. */
export function AppBanner({ onDismiss }: { onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <aside className={styles.appBanner} aria-label={t('companionApp.banner.label')}>
      <div className={`container ${styles.appBannerInner}`}>
        <Icon name="download" size={18} />
        <p>{t('companionApp.banner.text')}</p>
        <Link className={buttonClass({ variant: 'primary', size: 'sm' })} to={SCREENS.app}>
          {t('companionApp.banner.link')}
        </Link>
        <Button iconOnly variant="ghost" size="sm" onClick={onDismiss} aria-label={t('companionApp.banner.dismiss')} title={t('companionApp.banner.dismiss')}>
          <Icon name="close" size={16} />
        </Button>
      </div>
    </aside>
  );
}
