import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@shared/limits';
import type { RoomEvent } from '@shared/socket';
import type { MessageItem } from '@shared/types/messages';
import { ApiError } from '@client/api/ApiError';
import { deleteMessage, getConversation, markMessages, sendMessage, type ConversationPage, type MarkTarget } from '@client/api/messages';
import { Avatar } from '@client/components/Avatar';
import { Button, ButtonLink } from '@client/components/Button';
import { EmptyState } from '@client/components/EmptyState';
import { Icon } from '@client/components/Icon';
import { Notice } from '@client/components/Notice';
import { Skeleton } from '@client/components/Skeleton';
import { dismissToast, toast, toasts } from '@client/components/toast';
import { useSessionEvents } from '@client/realtime/useSessionEvents';
import { inbox } from '@client/state/inbox';
import { addMessages, addNewMessages, applyRead, chatPath, otherParty, removeMessage, textToMessageHtml, unreadFrom } from './chat';
import { DeleteDialog } from './DeleteDialog';
import { MessageBubble } from './MessageBubble';
import { useDescribeMessageError } from './describeMessageError';
import styles from './ChatPage.module.css';

const PAGE = 30;

function usePageVisible() {
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

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
  const [thread, setThread] = useState<MessageItem[]>([]);
  const [other, setOther] = useState<ConversationPage['user'] | null>(null);
  const [hasOlder, setHasOlder] = useState(false);
  const [load, setLoad] = useState<{ state: 'loading' } | { state: 'ready' } | { state: 'failed'; error: unknown }>({ state: 'loading' });
  const [round, setRound] = useState(0);
  const [olderBusy, setOlderBusy] = useState(false);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string>();
  const [deleting, setDeleting] = useState<{ id: number; busy: boolean } | null>(null);
  /** Events heard while the page loads, applied once it is in. */
  const held = useRef<RoomEvent[] | null>([]);
  /** Messages I marked unread myself: not marked read again while I look at them. */
  const keptUnread = useRef(new Set<number>());
  const listRef = useRef<HTMLOListElement>(null);
  const stick = useRef(true);
  const visible = usePageVisible();
  const composeId = useId();

  useEffect(() => {
    inbox.openWith = withUserId;
    // Toasts of this person's messages are answered here (on a phone they would cover the reply box).
    for (const item of toasts.items) if (item.link?.to === chatPath(withUserId)) dismissToast(item.id);
    return () => {
      if (inbox.openWith === withUserId) inbox.openWith = null;
    };
  }, [withUserId]);

  const apply = useCallback(
    (event: RoomEvent) => {
      if (event.name === 'message.new') {
        const m = event.payload.message;
        if (otherParty(m, me) !== withUserId) return;
        setThread((list) => addNewMessages(list, [m]));
      } else if (event.name === 'message.read') {
        setThread((list) => applyRead(list, event.payload.ids, event.payload.haveRead));
      } else if (event.name === 'message.deleted') {
        setThread((list) => removeMessage(list, event.payload.id));
      }
    },
    [me, withUserId],
  );

  useSessionEvents((event) => {
    if (held.current) held.current.push(event);
    else apply(event);
  });

  useEffect(() => {
    const controller = new AbortController();
    held.current = [];
    keptUnread.current.clear();
    stick.current = true;
    setLoad({ state: 'loading' });
    getConversation(withUserId, { limit: PAGE }, controller.signal).then(
      (page) => {
        if (controller.signal.aborted) return;
        setOther(page.user);
        setHasOlder(page.messages.length < page.total);
        setThread(addMessages([], page.messages));
        const live = held.current ?? [];
        held.current = null;
        for (const event of live) apply(event);
        setLoad({ state: 'ready' });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        held.current = null;
        setLoad({ state: 'failed', error });
      },
    );
    return () => controller.abort();
  }, [withUserId, round, apply]);

  // What they sent is read once it is on screen (not what I marked unread myself).
  const unread = unreadFrom(thread, me).filter((id) => !keptUnread.current.has(id));
  const unreadKey = unread.join(',');
  useEffect(() => {
    if (load.state !== 'ready' || !visible || !unreadKey) return;
    const ids = unreadKey.split(',').map(Number);
    const target: MarkTarget = keptUnread.current.size === 0 ? { withUserId } : { ids: ids.slice(0, LIMITS.pageMax) };
    markMessages(target, 'read').then(
      ({ changed }) => setThread((list) => applyRead(list, changed, true)),
      () => undefined,
    );
  }, [load.state, visible, unreadKey, withUserId]);

  // Stay at the newest message while the reader is there.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list && stick.current) list.scrollTop = list.scrollHeight;
  }, [thread]);

  const loadOlder = async () => {
    const oldest = thread[0];
    if (!oldest) return;
    setOlderBusy(true);
    const list = listRef.current;
    const fromBottom = list ? list.scrollHeight - list.scrollTop : 0;
    try {
      const page = await getConversation(withUserId, { limit: PAGE, before: oldest.id });
      stick.current = false;
      setThread((current) => addMessages(current, page.messages));
      setHasOlder(page.messages.length === PAGE);
      requestAnimationFrame(() => {
        if (list) list.scrollTop = list.scrollHeight - fromBottom;
      });
    } catch (error) {
      toast.error(describe(error));
    } finally {
      setOlderBusy(false);
    }
  };

  const toggleRead = async (m: MessageItem) => {
    const type = m.haveRead ? 'unread' : 'read';
    if (type === 'unread') keptUnread.current.add(m.id);
    else keptUnread.current.delete(m.id);
    try {
      await markMessages({ id: m.id }, type);
      setThread((list) => applyRead(list, [m.id], type === 'read'));
    } catch (error) {
      toast.error(describe(error));
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleting({ ...deleting, busy: true });
    try {
      await deleteMessage(deleting.id);
      setThread((list) => removeMessage(list, deleting.id));
      toast.success(t('messages.delete.done'));
      setDeleting(null);
    } catch (error) {
      toast.error(describe(error));
      setDeleting(null);
    }
  };

  const html = textToMessageHtml(text);
  const tooLong = html.length > LIMITS.messageMax;
  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!text.trim() || tooLong || sending) return;
    setSending(true);
    setSendError(undefined);
    try {
      const sent = await sendMessage({ toUserId: withUserId, type: 'direct', content: html });
      stick.current = true;
      setThread((list) => addNewMessages(list, [sent]));
      setText('');
    } catch (error) {
      // They closed their inbox meanwhile: say so where the reply box was.
      if (error instanceof ApiError && error.code === 'message.blocked') setOther((o) => (o ? { ...o, allowDM: false } : o));
      else setSendError(describe(error));
    } finally {
      setSending(false);
    }
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };

  const name = other?.username ?? `#${withUserId}`;
  if (withUserId === me) {
    return (
      <section className={styles.thread}>
        <EmptyState icon="message" title={t('messages.codes.self')} action={<ButtonLink to={backTo}>{t('messages.back')}</ButtonLink>} />
      </section>
    );
  }
  if (load.state === 'failed') {
    return (
      <section className={styles.thread}>
        <EmptyState tone="error" icon="alert" title={t('messages.loadFailed')} action={<Button onClick={() => setRound((r) => r + 1)}>{t('common.retry')}</Button>}>
          {describe(load.error)}
        </EmptyState>
      </section>
    );
  }

  return (
    <section className={styles.thread} aria-labelledby={`${composeId}-title`}>
      <header className={styles.threadHeader}>
        <ButtonLink to={backTo} variant="ghost" size="sm" iconOnly className={styles.back} aria-label={t('messages.back')}>
          <Icon name="chevronLeft" />
        </ButtonLink>
        {other ? <Avatar name={other.username} src={other.userAvatar} size={32} /> : <Skeleton width={32} height={32} radius="50%" />}
        <h2 id={`${composeId}-title`} className={styles.threadTitle}>
          {other ? <Link to={`/space/${other.id}`}>{name}</Link> : <Skeleton width={120} />}
        </h2>
      </header>
      <ol
        ref={listRef}
        className={styles.messages}
        role="log"
        aria-live="polite"
        aria-label={t('messages.threadLabel', { name })}
        aria-busy={load.state === 'loading'}
        tabIndex={0}
        onScroll={(e) => {
          const el = e.currentTarget;
          stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 48;
        }}
      >
        {load.state === 'ready' && hasOlder && thread.length > 0 && (
          <li className={styles.older}>
            <Button size="sm" variant="ghost" loading={olderBusy} onClick={() => void loadOlder()}>
              {t('messages.older')}
            </Button>
          </li>
        )}
        {load.state === 'loading' && !thread.length
          ? [0, 1, 2].map((i) => (
              <li key={i} className={i % 2 ? styles.mine : styles.theirs}>
                <Skeleton width={180 + i * 40} height={36} radius="12px" />
              </li>
            ))
          : thread.map((m) => {
              const mine = m.byUserId === me;
              return (
                <MessageBubble
                  key={m.id}
                  message={m}
                  mine={mine}
                  onToggleRead={mine ? undefined : () => void toggleRead(m)}
                  onDelete={() => setDeleting({ id: m.id, busy: false })}
                />
              );
            })}
        {load.state === 'ready' && !thread.length && <li className={styles.emptyThread}>{t('messages.emptyThread', { name })}</li>}
      </ol>
      {other && !other.allowDM ? (
        <div className={styles.compose}>
          <Notice tone="warning">{t('messages.closed', { name })}</Notice>
        </div>
      ) : (
        <form className={styles.compose} onSubmit={submit} noValidate>
          <label htmlFor={composeId} className="visually-hidden">
            {t('messages.compose.label', { name })}
          </label>
          <textarea
            id={composeId}
            className={styles.input}
            rows={2}
            value={text}
            placeholder={t('messages.compose.placeholder', { name })}
            aria-invalid={tooLong || !!sendError || undefined}
            aria-describedby={`${composeId}-hint`}
            onChange={(e) => {
              setText(e.target.value);
              setSendError(undefined);
            }}
            onKeyDown={onKeyDown}
            disabled={load.state !== 'ready'}
          />
          <Button type="submit" variant="primary" loading={sending} disabled={!text.trim() || tooLong || load.state !== 'ready'}>
            <Icon name="arrowRight" size={16} />
            {t('messages.compose.send')}
          </Button>
          <p id={`${composeId}-hint`} className={sendError || tooLong ? styles.composeError : styles.composeHint} role={sendError ? 'alert' : undefined}>
            {sendError ?? (tooLong ? t('messages.compose.tooLong', { max: LIMITS.messageMax }) : t('messages.compose.hint'))}
          </p>
        </form>
      )}
      <DeleteDialog open={!!deleting} busy={!!deleting?.busy} onCancel={() => setDeleting(null)} onConfirm={() => void confirmDelete()} />
    </section>
  );
}
