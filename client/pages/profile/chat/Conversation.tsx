import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { chatPath } from '@client/app/chatPaths';
import { Button, ButtonLink } from '@client/components/Button';
import { EmptyState } from '@client/components/EmptyState';
import { Notice } from '@client/components/Notice';
import { dismissToast, toasts } from '@client/components/toast';
import { inbox } from '@client/state/inbox';
import { addNewMessages, removeMessage } from './chat';
import { ComposeBox } from './ComposeBox';
import { DeleteDialog } from './DeleteDialog';
import { MessageLog } from './MessageLog';
import { ThreadHeader } from './ThreadHeader';
import { useCompose } from './useCompose';
import { useDescribeMessageError } from './describeMessageError';
import { useMessageDeletion } from './useMessageDeletion';
import { useReadMarks } from './useReadMarks';
import { useThread } from './useThread';
import styles from './ChatPage.module.css';

interface ConversationProps {
  me: number;
  withUserId: number;
  /** Where "back to the list" leads on narrow screens. */
  backTo: string;
}

/**
 * One conversation, live: new messages appear as they are sent (from either side, any tab),
 * what the other person sent is marked read while it is on screen, and my messages show when
 * they were read.
 */
export function Conversation({ me, withUserId, backTo }: ConversationProps) {
  const { t } = useTranslation();
  const describe = useDescribeMessageError();
  const composeId = useId();
  const thread = useThread(me, withUserId);
  const { toggleRead } = useReadMarks(thread, me, withUserId);
  const deletion = useMessageDeletion((id) => thread.setMessages((list) => removeMessage(list, id)));
  const compose = useCompose(withUserId, {
    onSent: (sent) => {
      thread.stick.current = true;
      thread.setMessages((list) => addNewMessages(list, [sent]));
    },
    onBlocked: () => thread.setOther((o) => (o ? { ...o, allowDM: false } : o)),
  });

  useEffect(() => {
    inbox.openWith = withUserId;
    // Toasts of this person's messages are answered here (on a phone they would cover the reply box).
    for (const item of toasts.items) if (item.link?.to === chatPath(withUserId)) dismissToast(item.id);
    return () => {
      if (inbox.openWith === withUserId) inbox.openWith = null;
    };
  }, [withUserId]);

  const { other, status } = thread;
  const name = other?.username ?? `#${withUserId}`;
  if (withUserId === me) {
    return (
      <section className={styles.thread}>
        <EmptyState icon="message" title={t('messages.codes.self')} action={<ButtonLink to={backTo}>{t('messages.back')}</ButtonLink>} />
      </section>
    );
  }
  if (status.state === 'failed') {
    return (
      <section className={styles.thread}>
        <EmptyState tone="error" icon="alert" title={t('messages.loadFailed')} action={<Button onClick={thread.reload}>{t('common.retry')}</Button>}>
          {describe(status.error)}
        </EmptyState>
      </section>
    );
  }

  return (
    <section className={styles.thread} aria-labelledby={`${composeId}-title`}>
      <ThreadHeader titleId={`${composeId}-title`} other={other} name={name} backTo={backTo} />
      <MessageLog thread={thread} me={me} name={name} onToggleRead={(m) => void toggleRead(m)} onDelete={deletion.ask} />
      {other && !other.allowDM ? (
        <div className={styles.compose}>
          <Notice tone="warning">{t('messages.closed', { name })}</Notice>
        </div>
      ) : (
        <ComposeBox id={composeId} name={name} compose={compose} disabled={status.state !== 'ready'} />
      )}
      <DeleteDialog {...deletion.dialog} />
    </section>
  );
}
