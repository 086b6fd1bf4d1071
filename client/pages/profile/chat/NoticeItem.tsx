import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MessageItem } from '@shared/types/messages';
import { casePathOfNotice } from '@client/app/casePaths';
import { Badge } from '@client/components/Badge';
import { Button } from '@client/components/Button';
import { DateTime } from '@client/components/DateTime';
import { Icon } from '@client/components/Icon';
import { RichText } from '@client/richText/RichText';
import type { NoticeBoxName } from './useNotices';
import styles from './ChatPage.module.css';

interface NoticeItemProps {
  box: NoticeBoxName;
  message: MessageItem;
  canDelete: boolean;
  onMark: (type: 'read' | 'unread') => void;
  onDelete: () => void;
}

/** One notice: a notification (new or read, with a link to its case) or an announcement (its audience and sender). */
export function NoticeItem({ box, message: m, canDelete, onMark, onDelete }: NoticeItemProps) {
  const { t } = useTranslation();
  const to = casePathOfNotice(m);
  return (
    <li className={box === 'system' && !m.haveRead ? `${styles.notice} ${styles.unreadNotice}` : styles.notice} data-message-id={m.id}>
      <div className={styles.noticeHead}>
        {box === 'announce' ? (
          <Badge tone={m.type === 'toAdmins' ? 'violet' : 'info'}>{t(`messages.type.${m.type}`)}</Badge>
        ) : (
          !m.haveRead && <Badge tone="accent">{t('messages.state.new')}</Badge>
        )}
        {box === 'announce' && m.username && <span className={styles.noticeFrom}>{t('messages.from', { name: m.username })}</span>}
        <DateTime value={m.createTime} relative />
      </div>
      <RichText html={m.content} />
      <div className={styles.noticeActions}>
        {to && (
          <Link to={to} className={styles.noticeLink}>
            {t('common.openCase')}
          </Link>
        )}
        {box === 'system' && (
          <Button variant="ghost" size="sm" onClick={() => onMark(m.haveRead ? 'unread' : 'read')}>
            {m.haveRead ? t('messages.action.markUnread') : t('messages.action.markRead')}
          </Button>
        )}
        {canDelete && (
          <Button variant="ghost" size="sm" iconOnly aria-label={t('messages.action.delete')} title={t('messages.action.delete')} onClick={onDelete}>
            <Icon name="trash" size={14} />
          </Button>
        )}
      </div>
    </li>
  );
}
