import { broadcastReaches, isBroadcast } from '@shared/messages';
import { plainText } from '@shared/spam';
import type { MessageItem } from '@shared/types/messages';
import { chatPath } from '@client/app/chatPaths';
import { toast } from '@client/components/toast';
import { i18n } from '@client/i18n/setup';
import { inbox } from '@client/state/inbox';

const PREVIEW = 120;

/** The start of a message's text, for a toast or a list line. */
export function messagePreview(html: string, max = PREVIEW) {
  const text = plainText(html);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A message that just arrived for me, as a toast leading to its conversation (not when that conversation is open). */
export function showMessage(message: MessageItem, me: number) {
  if (message.toUserId !== me || message.byUserId === null || message.byUserId === me) return;
  if (inbox.openWith === message.byUserId && document.visibilityState === 'visible') return;
  const text = i18n.t('messages.toast.from', { name: message.username ?? `#${message.byUserId}`, text: messagePreview(message.content) });
  toast.info(text, { label: i18n.t('messages.toast.open'), to: chatPath(message.byUserId) });
}

/** A push to a group I belong to (not my own), as a toast leading to the announcements. */
export function showBroadcast(message: MessageItem, privileges: readonly string[], me: number | null) {
  if (!isBroadcast(message.type) || !broadcastReaches(message.type, privileges) || message.byUserId === me) return;
  toast.info(i18n.t('messages.toast.broadcast', { text: messagePreview(message.content) }), { label: i18n.t('messages.toast.openAnnounce'), to: '/profile/chat?tab=announce' });
}
