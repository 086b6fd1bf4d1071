import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasAdminLevel } from '@shared/privileges';
import { broadcastReaches, isBroadcast } from '@shared/messages';
import type { RoomEvent } from '@shared/socket';
import type { MessageItem } from '@shared/types/messages';
import { deleteMessage, getBox, markMessages } from '@client/api/messages';
import { casePathOfNotice } from '@client/app/casePaths';
import { Badge } from '@client/components/Badge';
import { Button } from '@client/components/Button';
import { DateTime } from '@client/components/DateTime';
import { EmptyState } from '@client/components/EmptyState';
import { Icon } from '@client/components/Icon';
import { Skeleton } from '@client/components/Skeleton';
import { toast } from '@client/components/toast';
import { RichText } from '@client/richText/RichText';
import { useSessionEvents } from '@client/realtime/useSessionEvents';
import { markAnnouncementsSeen } from '@client/state/inbox';
import { useViewer } from '@client/state/session';
import { applyRead, removeMessage } from './chat';
import { DeleteDialog } from './DeleteDialog';
import { useDescribeMessageError } from './describeMessageError';
import styles from './ChatPage.module.css';

const PAGE = 20;

/**
 * The system notifications (`system` box: read state, links to their cases) or the
 * announcements for my role (`announce` box), newest first, live.
 */
export function NoticeBox({ box }: { box: 'system' | 'announce' }) {
  const { t } = useTranslation();
  const describe = useDescribeMessageError();
  const { privileges, me } = useViewer();
  const [items, setItems] = useState<MessageItem[]>([]);
  const [total, setTotal] = useState(0);
  const [load, setLoad] = useState<'loading' | 'ready' | 'more' | { error: unknown }>('loading');
  const [round, setRound] = useState(0);
  const [deleting, setDeleting] = useState<{ id: number; busy: boolean } | null>(null);
  const held = useRef<RoomEvent[] | null>([]);
  /** The items on screen now, for events that must not count twice. */
  const shown = useRef(items);
  shown.current = items;

  const apply = (event: RoomEvent) => {
    if (event.name === 'message.read') setItems((list) => applyRead(list, event.payload.ids, event.payload.haveRead));
    else if (event.name === 'message.deleted') {
      if (!shown.current.some((m) => m.id === event.payload.id)) return;
      setItems((list) => removeMessage(list, event.payload.id));
      setTotal((n) => n - 1);
    } else if (box === 'system' && event.name === 'notification') setRound((r) => r + 1);
    else if (box === 'announce' && event.name === 'message.new') {
      const m = event.payload.message;
      if (!isBroadcast(m.type) || !broadcastReaches(m.type, privileges) || shown.current.some((x) => x.id === m.id)) return;
      setItems((list) => [m, ...list.filter((x) => x.id !== m.id)]);
      setTotal((n) => n + 1);
    }
  };
  useSessionEvents((event) => {
    if (held.current) held.current.push(event);
    else apply(event);
  });

  useEffect(() => {
    const controller = new AbortController();
    held.current = [];
    setLoad('loading');
    getBox(box, 0, PAGE, controller.signal).then(
      (page) => {
        if (controller.signal.aborted) return;
        setItems(page.messages);
        shown.current = page.messages;
        setTotal(page.total);
        const live = held.current ?? [];
        held.current = null;
        for (const event of live) apply(event);
        setLoad('ready');
        if (box === 'announce') markAnnouncementsSeen();
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        held.current = null;
        setLoad({ error });
      },
    );
    return () => controller.abort();
  }, [box, round]);

  useEffect(() => {
    if (box === 'announce' && load === 'ready' && items.length) markAnnouncementsSeen();
  }, [box, load, items]);

  const more = async () => {
    setLoad('more');
    try {
      const page = await getBox(box, items.length, PAGE);
      setItems((list) => [...list, ...page.messages.filter((m) => !list.some((x) => x.id === m.id))]);
      setTotal(page.total);
    } catch (error) {
      toast.error(describe(error));
    } finally {
      setLoad('ready');
    }
  };

  const mark = async (ids: number[], type: 'read' | 'unread') => {
    try {
      await markMessages({ ids }, type);
      setItems((list) => applyRead(list, ids, type === 'read'));
    } catch (error) {
      toast.error(describe(error));
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleting({ ...deleting, busy: true });
    try {
      await deleteMessage(deleting.id);
      if (shown.current.some((m) => m.id === deleting.id)) {
        setItems((list) => removeMessage(list, deleting.id));
        setTotal((n) => n - 1);
      }
      toast.success(t('messages.delete.done'));
    } catch (error) {
      toast.error(describe(error));
    }
    setDeleting(null);
  };

  if (typeof load === 'object') {
    return (
      <EmptyState tone="error" icon="alert" title={t('messages.loadFailed')} action={<Button onClick={() => setRound((r) => r + 1)}>{t('common.retry')}</Button>}>
        {describe(load.error)}
      </EmptyState>
    );
  }
  if (load === 'loading' && !items.length) {
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
          <Button size="sm" disabled={!unread.length} onClick={() => void mark(unread, 'read')}>
            <Icon name="check" size={14} />
            {t('messages.action.markAllRead')}
          </Button>
        </div>
      )}
      <ul className={styles.notices} aria-label={t(`messages.tab.${box}`)}>
        {items.map((m) => {
          const to = casePathOfNotice(m);
          return (
            <li key={m.id} className={box === 'system' && !m.haveRead ? `${styles.notice} ${styles.unreadNotice}` : styles.notice} data-message-id={m.id}>
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
                  <Button variant="ghost" size="sm" onClick={() => void mark([m.id], m.haveRead ? 'unread' : 'read')}>
                    {m.haveRead ? t('messages.action.markUnread') : t('messages.action.markRead')}
                  </Button>
                )}
                {canDelete(m) && (
                  <Button variant="ghost" size="sm" iconOnly aria-label={t('messages.action.delete')} title={t('messages.action.delete')} onClick={() => setDeleting({ id: m.id, busy: false })}>
                    <Icon name="trash" size={14} />
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {items.length < total && (
        <div className={styles.more}>
          <Button loading={load === 'more'} onClick={() => void more()}>
            {t('messages.more')}
          </Button>
        </div>
      )}
      <DeleteDialog open={!!deleting} busy={!!deleting?.busy} onCancel={() => setDeleting(null)} onConfirm={() => void confirmDelete()} />
    </>
  );
}
