import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { Icon, type IconName } from './Icon';
import { dismissToast, toasts, type ToastTone } from './toast';
import styles from './Toaster.module.css';

const ICONS: Record<ToastTone, IconName> = { success: 'checkCircle', danger: 'xCircle', info: 'info' };

/** The live region where toasts appear; mounted once by the layout. */
export function Toaster() {
  const { t } = useTranslation();
  const { items } = useSnapshot(toasts);
  return (
    <ol className={styles.region} aria-live="polite" aria-label={t('common.notifications')}>
      {items.map((item) => (
        <li key={item.id} className={`${styles.toast} ${styles[item.tone]}`} role={item.tone === 'danger' ? 'alert' : 'status'}>
          <Icon name={ICONS[item.tone]} />
          <span className={styles.message}>
            {item.message}
            {item.link && (
              <Link className={styles.link} to={item.link.to} onClick={() => dismissToast(item.id)}>
                {item.link.label}
              </Link>
            )}
          </span>
          <Button variant="ghost" size="sm" iconOnly aria-label={t('common.dismiss')} onClick={() => dismissToast(item.id)}>
            <Icon name="close" size={16} />
          </Button>
        </li>
      ))}
    </ol>
  );
}
