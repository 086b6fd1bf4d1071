import { useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ConversationItem } from '@shared/types/messages';
import { getConversations } from '@client/api/messages';
import { Avatar } from '@client/components/Avatar';
import { Button } from '@client/components/Button';
import { EmptyState } from '@client/components/EmptyState';
import { Skeleton } from '@client/components/Skeleton';
import { useRemote } from '@client/hooks/useRemote';
import { useFormat } from '@client/i18n/format';
import { messagePreview } from '@client/realtime/showMessage';
import { useSessionEvents } from '@client/realtime/useSessionEvents';
import { useDescribeMessageError } from './describeMessageError';
import styles from './ChatPage.module.css';

const SIZE = 50;
const RELOAD_WAIT_MS = 300;

/** The people I talk with, latest first, re-read whenever a message or a read state moves. */
export function ConversationList({ me, selected, linkTo }: { me: number; selected: number | null; linkTo: (userId: number) => string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const describe = useDescribeMessageError();
  const remote = useRemote('conversations', (signal) => getConversations(0, SIZE, signal));
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useSessionEvents((event) => {
    if (event.name !== 'message.new' && event.name !== 'message.read' && event.name !== 'message.deleted') return;
    if (event.name === 'message.new' && event.payload.message.toUserId === null) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(remote.reload, RELOAD_WAIT_MS);
  });

  if (remote.state === 'failed' && !remote.data) {
    return (
      <EmptyState tone="error" icon="alert" title={t('messages.loadFailed')} action={<Button onClick={remote.reload}>{t('common.retry')}</Button>}>
        {describe(remote.error)}
      </EmptyState>
    );
  }
  if (!remote.data) {
    return (
      <ul className={styles.conversations} aria-busy="true" aria-label={t('messages.conversations')}>
        {[0, 1, 2].map((i) => (
          <li key={i} className={styles.conversationSkeleton}>
            <Skeleton width={36} height={36} radius="50%" />
            <Skeleton width="60%" />
          </li>
        ))}
      </ul>
    );
  }
  if (!remote.data.conversations.length) {
    return (
      <EmptyState icon="message" title={t('messages.noConversations')}>
        {t('messages.noConversationsText')}
      </EmptyState>
    );
  }
  return (
    <ul className={styles.conversations} aria-label={t('messages.conversations')}>
      {remote.data.conversations.map((c: ConversationItem) => {
        const name = c.username ?? `#${c.userId}`;
        const preview = messagePreview(c.last.content, 80);
        return (
          <li key={c.userId}>
            <Link to={linkTo(c.userId)} className={styles.conversation} aria-current={selected === c.userId ? 'page' : undefined}>
              <Avatar name={name} src={c.userAvatar} size={36} />
              <span className={styles.conversationText}>
                <span className={styles.conversationName}>{name}</span>
                <span className={styles.conversationPreview}>{c.last.byUserId === me ? t('messages.youSaid', { text: preview }) : preview}</span>
              </span>
              <span className={styles.conversationSide}>
                <time dateTime={c.last.createTime}>{format.relative(c.last.createTime)}</time>
                {c.unread > 0 && (
                  <span className={styles.unreadCount} aria-label={t('messages.unreadCount', { count: c.unread })}>
                    {format.number(c.unread)}
                  </span>
                )}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
