import { useTranslation } from 'react-i18next';
import type { MessageItem } from '@shared/types/messages';
import { Button } from '@client/components/Button';
import { Skeleton } from '@client/components/Skeleton';
import { MessageBubble } from './MessageBubble';
import type { Thread } from './useThread';
import styles from './ChatPage.module.css';

interface MessageLogProps {
  thread: Thread;
  me: number;
  name: string;
  onToggleRead: (message: MessageItem) => void;
  onDelete: (id: number) => void;
}

/** The messages of a conversation as a live log, with "older messages" on top while there are more. */
export function MessageLog({ thread, me, name, onToggleRead, onDelete }: MessageLogProps) {
  const { t } = useTranslation();
  const { messages, status, hasOlder, olderBusy, stick } = thread;
  return (
    <ol
      ref={thread.listRef}
      className={styles.messages}
      role="log"
      aria-live="polite"
      aria-label={t('messages.threadLabel', { name })}
      aria-busy={status.state === 'loading'}
      tabIndex={0}
      onScroll={(e) => {
        const el = e.currentTarget;
        stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 48;
      }}
    >
      {status.state === 'ready' && hasOlder && messages.length > 0 && (
        <li className={styles.older}>
          <Button size="sm" variant="ghost" loading={olderBusy} onClick={() => void thread.loadOlder()}>
            {t('messages.older')}
          </Button>
        </li>
      )}
      {status.state === 'loading' && !messages.length
        ? [0, 1, 2].map((i) => (
            <li key={i} className={i % 2 ? styles.mine : styles.theirs}>
              <Skeleton width={180 + i * 40} height={36} radius="12px" />
            </li>
          ))
        : messages.map((m) => {
            const mine = m.byUserId === me;
            return <MessageBubble key={m.id} message={m} mine={mine} onToggleRead={mine ? undefined : () => onToggleRead(m)} onDelete={() => onDelete(m.id)} />;
          })}
      {status.state === 'ready' && !messages.length && <li className={styles.emptyThread}>{t('messages.emptyThread', { name })}</li>}
    </ol>
  );
}
