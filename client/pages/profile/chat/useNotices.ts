import { useEffect, useRef, useState } from 'react';
import { broadcastReaches, isBroadcast } from '@shared/messages';
import type { MessageItem } from '@shared/types/messages';
import { getBox, markMessages } from '@client/api/messages';
import { toast } from '@client/components/toast';
import { markAnnouncementsSeen } from '@client/state/inbox';
import { useViewer } from '@client/state/session';
import { applyRead, removeMessage } from './chat';
import { useDescribeMessageError } from './describeMessageError';
import { useLiveFirstPage } from './useLiveFirstPage';

const PAGE = 20;

export type NoticeBoxName = 'system' | 'announce';

/**
 * The notices of one box, newest first, live: read marks and deletions from any tab, a new
 * notification reloads the system box, a new announcement for my role joins the other; more on
 * demand. Opening the announcements marks them seen.
 */
export function useNotices(box: NoticeBoxName) {
  const describe = useDescribeMessageError();
  const { privileges } = useViewer();
  const [items, setItems] = useState<MessageItem[]>([]);
  const [total, setTotal] = useState(0);
  const [loadingMore, setLoadingMore] = useState(false);
  /** The items on screen now, for events that must not count twice. */
  const shown = useRef(items);
  shown.current = items;

  const forget = (id: number) => {
    if (!shown.current.some((m) => m.id === id)) return;
    setItems((list) => removeMessage(list, id));
    setTotal((n) => n - 1);
  };

  const { status, reload } = useLiveFirstPage({
    key: box,
    load: (signal) => getBox(box, 0, PAGE, signal),
    onPage: (page) => {
      setItems(page.messages);
      shown.current = page.messages;
      setTotal(page.total);
      if (box === 'announce') markAnnouncementsSeen();
    },
    apply: (event) => {
      if (event.name === 'message.read') setItems((list) => applyRead(list, event.payload.ids, event.payload.haveRead));
      else if (event.name === 'message.deleted') forget(event.payload.id);
      else if (box === 'system' && event.name === 'notification') reload();
      else if (box === 'announce' && event.name === 'message.new') {
        const m = event.payload.message;
        if (!isBroadcast(m.type) || !broadcastReaches(m.type, privileges) || shown.current.some((x) => x.id === m.id)) return;
        setItems((list) => [m, ...list.filter((x) => x.id !== m.id)]);
        setTotal((n) => n + 1);
      }
    },
  });

  useEffect(() => {
    if (box === 'announce' && status.state === 'ready' && !loadingMore && items.length) markAnnouncementsSeen();
  }, [box, status.state, loadingMore, items]);

  const more = async () => {
    setLoadingMore(true);
    try {
      const page = await getBox(box, items.length, PAGE);
      setItems((list) => [...list, ...page.messages.filter((m) => !list.some((x) => x.id === m.id))]);
      setTotal(page.total);
    } catch (error) {
      toast.error(describe(error));
    } finally {
      setLoadingMore(false);
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

  return { items, total, status, reload, loadingMore, more, mark, forget };
}
