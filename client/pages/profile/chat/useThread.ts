import { useLayoutEffect, useRef, useState } from 'react';
import type { MessageItem } from '@shared/types/messages';
import { getConversation, type ConversationPage } from '@client/api/messages';
import { toast } from '@client/components/toast';
import { addMessages, addNewMessages, applyRead, otherParty, removeMessage } from './chat';
import { useDescribeMessageError } from './describeMessageError';
import { useLiveFirstPage } from './useLiveFirstPage';

const PAGE = 30;

/**
 * One conversation's messages, oldest first: the newest page, older pages on demand, and what
 * either side sends, reads or deletes (in any tab) as it happens. The list stays at the newest
 * message while the reader is there (`stick`).
 */
export function useThread(me: number, withUserId: number) {
  const describe = useDescribeMessageError();
  const [messages, setMessages] = useState<MessageItem[]>([]);
  const [other, setOther] = useState<ConversationPage['user'] | null>(null);
  const [hasOlder, setHasOlder] = useState(false);
  const [olderBusy, setOlderBusy] = useState(false);
  /** Messages I marked unread myself: not marked read again while I look at them. */
  const keptUnread = useRef(new Set<number>());
  const listRef = useRef<HTMLOListElement>(null);
  const stick = useRef(true);

  const { status, reload } = useLiveFirstPage({
    key: `${me}:${withUserId}`,
    load: (signal) => getConversation(withUserId, { limit: PAGE }, signal),
    onStart: () => {
      keptUnread.current.clear();
      stick.current = true;
    },
    onPage: (page) => {
      setOther(page.user);
      setHasOlder(page.messages.length < page.total);
      setMessages(addMessages([], page.messages));
    },
    apply: (event) => {
      if (event.name === 'message.new') {
        const m = event.payload.message;
        if (otherParty(m, me) !== withUserId) return;
        setMessages((list) => addNewMessages(list, [m]));
      } else if (event.name === 'message.read') {
        setMessages((list) => applyRead(list, event.payload.ids, event.payload.haveRead));
      } else if (event.name === 'message.deleted') {
        setMessages((list) => removeMessage(list, event.payload.id));
      }
    },
  });

  // Stay at the newest message while the reader is there.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list && stick.current) list.scrollTop = list.scrollHeight;
  }, [messages]);

  const loadOlder = async () => {
    const oldest = messages[0];
    if (!oldest) return;
    setOlderBusy(true);
    const list = listRef.current;
    const fromBottom = list ? list.scrollHeight - list.scrollTop : 0;
    try {
      const page = await getConversation(withUserId, { limit: PAGE, before: oldest.id });
      stick.current = false;
      setMessages((current) => addMessages(current, page.messages));
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

  return { messages, setMessages, other, setOther, hasOlder, olderBusy, loadOlder, status, reload, keptUnread, listRef, stick };
}

export type Thread = ReturnType<typeof useThread>;
