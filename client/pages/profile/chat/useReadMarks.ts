import { useEffect } from 'react';
import { LIMITS } from '@shared/limits';
import type { MessageItem } from '@shared/types/messages';
import { markMessages, type MarkTarget } from '@client/api/messages';
import { toast } from '@client/components/toast';
import { applyRead, unreadFrom } from './chat';
import { useDescribeMessageError } from './describeMessageError';
import { usePageVisible } from './usePageVisible';
import type { Thread } from './useThread';

/**
 * What the other person sent is marked read once it is on screen (not what I marked unread
 * myself); `toggleRead` marks one of their messages read or unread by hand.
 */
export function useReadMarks(thread: Thread, me: number, withUserId: number) {
  const describe = useDescribeMessageError();
  const visible = usePageVisible();
  const { messages, setMessages, keptUnread, status } = thread;

  const unread = unreadFrom(messages, me).filter((id) => !keptUnread.current.has(id));
  const unreadKey = unread.join(',');
  useEffect(() => {
    if (status.state !== 'ready' || !visible || !unreadKey) return;
    const ids = unreadKey.split(',').map(Number);
    const target: MarkTarget = keptUnread.current.size === 0 ? { withUserId } : { ids: ids.slice(0, LIMITS.pageMax) };
    markMessages(target, 'read').then(
      ({ changed }) => setMessages((list) => applyRead(list, changed, true)),
      () => undefined,
    );
  }, [status.state, visible, unreadKey, withUserId]);

  const toggleRead = async (m: MessageItem) => {
    const type = m.haveRead ? 'unread' : 'read';
    if (type === 'unread') keptUnread.current.add(m.id);
    else keptUnread.current.delete(m.id);
    try {
      await markMessages({ id: m.id }, type);
      setMessages((list) => applyRead(list, [m.id], type === 'read'));
    } catch (error) {
      toast.error(describe(error));
    }
  };

  return { toggleRead };
}
