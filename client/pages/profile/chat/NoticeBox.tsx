import { useTranslation } from 'react-i18next';
import type { MessageItem } from '@shared/types/messages';
import { hasAdminLevel } from '@shared/privileges';
import { Button } from '@client/components/Button';
import { EmptyState } from '@client/components/EmptyState';
import { Icon } from '@client/components/Icon';
import { Skeleton } from '@client/components/Skeleton';
import { useViewer } from '@client/state/session';
import { DeleteDialog } from './DeleteDialog';
import { NoticeItem } from './NoticeItem';
import { useDescribeMessageError } from './describeMessageError';
import { useMessageDeletion } from './useMessageDeletion';
import { useNotices, type NoticeBoxName } from './useNotices';
import styles from './ChatPage.module.css';

/**
 * The system notifications (`system` box: read state, links to their cases) or the
 * announcements for my role (`announce` box), newest first, live.
 */
export function NoticeBox({ box }: { box: NoticeBoxName }) {
  const { t } = useTranslation();
  const describe = useDescribeMessageError();
  const { privileges, me } = useViewer();
  const notices = useNotices(box);
  const deletion = useMessageDeletion(notices.forget);
  const { items, total, status } = notices;

  if (status.state === 'failed') {
    return (
      <EmptyState tone="error" icon="alert" title={t('messages.loadFailed')} action={<Button onClick={notices.reload}>{t('common.retry')}</Button>}>
        {describe(status.error)}
      </EmptyState>
    );
  }
  if (status.state === 'loading' && !items.length) {
    return (
      <ul className={styles.notices} aria-busy="true">
        {[0, 1, 2].map((i) => (
          <li key={i} className={styles.notice}>
            <Skeleton width="70%" />
            <Skeleton width="30%" />
          </li>
        ))}
      </ul>
    );
  }
  if (!items.length) {
    return (
      <EmptyState icon={box === 'system' ? 'info' : 'bolt'} title={t(`messages.empty.${box}`)}>
        {t(`messages.empty.${box}Text`)}
      </EmptyState>
    );
  }

  const unread = items.filter((m) => !m.haveRead).map((m) => m.id);
  const canDelete = (m: MessageItem) => box === 'system' || m.byUserId === me?.id || hasAdminLevel(privileges, 2);
  return (
    <>
      {box === 'system' && (
        <div className={styles.boxTools}>
          <span>{t('messages.boxTotal', { count: total })}</span>
          <Button size="sm" disabled={!unread.length} onClick={() => void notices.mark(unread, 'read')}>
            <Icon name="check" size={14} />
            {t('messages.action.markAllRead')}
          </Button>
        </div>
      )}
      <ul className={styles.notices} aria-label={t(`messages.tab.${box}`)}>
        {items.map((m) => (
          <NoticeItem key={m.id} box={box} message={m} canDelete={canDelete(m)} onMark={(type) => void notices.mark([m.id], type)} onDelete={() => deletion.ask(m.id)} />
        ))}
      </ul>
      {items.length < total && (
        <div className={styles.more}>
          <Button loading={notices.loadingMore} onClick={() => void notices.more()}>
            {t('messages.more')}
          </Button>
        </div>
      )}
      <DeleteDialog {...deletion.dialog} />
    </>
  );
}
