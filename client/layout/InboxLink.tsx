import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Icon } from '@client/components/Icon';
import { useFormat } from '@client/i18n/format';
import { hasNewAnnouncements, inbox } from '@client/state/inbox';
import icon from './HeaderIconLink.module.css';
import styles from './InboxLink.module.css';

/** The header's way to the messages, with the live count of what is unread (a dot for new announcements). */
export function InboxLink() {
  const { t } = useTranslation();
  const format = useFormat();
  const snap = useSnapshot(inbox);
  const fresh = hasNewAnnouncements(snap);
  const label = snap.unread > 0 ? t('messages.badge.unread', { count: snap.unread }) : fresh ? t('messages.badge.announce') : t('messages.badge.none');
  return (
    <Link to={snap.unread === 0 && fresh ? '/profile/chat?tab=announce' : '/profile/chat'} className={icon.link} aria-label={label} title={label} data-unread={snap.unread}>
      <Icon name="message" size={18} />
      {snap.unread > 0 ? (
        <span className={`${icon.count} ${icon.danger}`} aria-hidden="true">
          {snap.unread > 99 ? '99+' : format.number(snap.unread)}
        </span>
      ) : (
        fresh && <span className={styles.dot} aria-hidden="true" />
      )}
    </Link>
  );
}
