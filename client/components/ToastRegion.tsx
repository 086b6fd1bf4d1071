import * as Toast from '@radix-ui/react-toast';
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { isRtl } from '@client/i18n/language';
import { buttonClass } from './Button';
import { Icon, type IconName } from './Icon';
import { dismissToast, toasts, type ToastTone } from './toast';
import styles from './Toaster.module.css';

const ICONS: Record<ToastTone, IconName> = { success: 'checkCircle', danger: 'xCircle', info: 'info' };

/**
 * Radix's toasts: each is announced as it appears (politely; an error at once), its time stops
 * while it is pointed at or has focus, F8 moves focus to the region, Escape or a swipe dismisses one.
 */
export function ToastRegion() {
  const { t, i18n } = useTranslation();
  const { items } = useSnapshot(toasts);
  return (
    <Toast.Provider label={t('common.notification')} swipeDirection={isRtl(i18n.language) ? 'left' : 'right'}>
      {items.map((item) => (
        <Toast.Root
          key={item.id}
          className={`${styles.toast} ${styles[item.tone]}`}
          type={item.tone === 'danger' ? 'foreground' : 'background'}
          duration={item.duration}
          onOpenChange={(open) => !open && dismissToast(item.id)}
        >
          <Icon name={ICONS[item.tone]} />
          <Toast.Description className={styles.message}>
            {item.message}
            {item.link && (
              <Link className={styles.link} to={item.link.to} onClick={() => dismissToast(item.id)}>
                {item.link.label}
              </Link>
            )}
          </Toast.Description>
          <Toast.Close className={buttonClass({ variant: 'ghost', size: 'sm', iconOnly: true })} aria-label={t('common.dismiss')}>
            <Icon name="close" size={16} />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className={styles.region} label={`${t('common.notifications')} ({hotkey})`} />
    </Toast.Provider>
  );
}
