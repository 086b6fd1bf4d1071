import { useTranslation } from 'react-i18next';
import type { MessageItem } from '@shared/types/messages';
import { Badge, type Tone } from '@client/components/Badge';
import { Button } from '@client/components/Button';
import { DateTime } from '@client/components/DateTime';
import { Icon } from '@client/components/Icon';
import { RichText } from '@client/richText/RichText';
import styles from './ChatPage.module.css';

const TONES: Partial<Record<MessageItem['type'], Tone>> = { warn: 'warning', fatal: 'danger', command: 'violet' };

interface MessageBubbleProps {
  message: MessageItem;
  mine: boolean;
  onToggleRead?: () => void;
  onDelete: () => void;
}

/** One message of a conversation: mine on the end side with its read state, theirs on the start side. */
export function MessageBubble({ message, mine, onToggleRead, onDelete }: MessageBubbleProps) {
  const { t } = useTranslation();
  const tone = TONES[message.type];
  return (
    <li className={mine ? styles.mine : styles.theirs} data-message-id={message.id} data-read={message.haveRead}>
      <div className={styles.bubble}>
        {tone && (
          <span className={styles.bubbleType}>
            <Badge tone={tone}>{t(`messages.type.${message.type}`)}</Badge>
          </span>
        )}
        <RichText html={message.content} />
      </div>
      <div className={styles.meta}>
        <DateTime value={message.createTime} relative />
        {mine ? (
          <span className={message.haveRead ? styles.seen : undefined}>
            <Icon name={message.haveRead ? 'checkCircle' : 'check'} size={13} />
            {message.haveRead ? t('messages.state.read') : t('messages.state.sent')}
          </span>
        ) : (
          !message.haveRead && <span className={styles.newLabel}>{t('messages.state.new')}</span>
        )}
        <span className={styles.actions}>
          {onToggleRead && (
            <Button variant="ghost" size="sm" onClick={onToggleRead}>
              {message.haveRead ? t('messages.action.markUnread') : t('messages.action.markRead')}
            </Button>
          )}
          <Button variant="ghost" size="sm" iconOnly aria-label={t('messages.action.delete')} title={t('messages.action.delete')} onClick={onDelete}>
            <Icon name="trash" size={14} />
          </Button>
        </span>
      </div>
    </li>
  );
}
