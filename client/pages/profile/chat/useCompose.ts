import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { LIMITS } from '@shared/limits';
import type { MessageItem } from '@shared/types/messages';
import { ApiError } from '@client/api/ApiError';
import { sendMessage } from '@client/api/messages';
import { textToMessageHtml } from './chat';
import { useDescribeMessageError } from './describeMessageError';

interface ComposeHandlers {
  onSent: (message: MessageItem) => void;
  /** They closed their inbox meanwhile. */
  onBlocked: () => void;
}

/** The reply being written to `withUserId`: its length against the limit, sending (Enter sends), the error. */
export function useCompose(withUserId: number, { onSent, onBlocked }: ComposeHandlers) {
  const describe = useDescribeMessageError();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string>();
  const html = textToMessageHtml(text);
  const tooLong = html.length > LIMITS.messageMax;

  const change = (value: string) => {
    setText(value);
    setSendError(undefined);
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!text.trim() || tooLong || sending) return;
    setSending(true);
    setSendError(undefined);
    try {
      const sent = await sendMessage({ toUserId: withUserId, type: 'direct', content: html });
      onSent(sent);
      setText('');
    } catch (error) {
      // They closed their inbox meanwhile: say so where the reply box was.
      if (error instanceof ApiError && error.code === 'message.blocked') onBlocked();
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

  return { text, change, sending, sendError, tooLong, submit, onKeyDown };
}

export type Compose = ReturnType<typeof useCompose>;
