import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ConversationPage } from '@client/api/messages';
import { Avatar } from '@client/components/Avatar';
import { ButtonLink } from '@client/components/Button';
import { Icon } from '@client/components/Icon';
import { Skeleton } from '@client/components/Skeleton';
import styles from './ChatPage.module.css';

interface ThreadHeaderProps {
  /** The heading's id, which names the conversation's section. */
  titleId: string;
  /** Null while the first page loads. */
  other: ConversationPage['user'] | null;
  name: string;
  backTo: string;
}

/** Who the conversation is with (linked to their space), and the way back to the list on narrow screens. */
export function ThreadHeader({ titleId, other, name, backTo }: ThreadHeaderProps) {
  const { t } = useTranslation();
  return (
    <header className={styles.threadHeader}>
      <ButtonLink to={backTo} variant="ghost" size="sm" iconOnly className={styles.back} aria-label={t('messages.back')}>
        <Icon name="chevronLeft" />
      </ButtonLink>
      {other ? <Avatar name={other.username} src={other.userAvatar} size={32} /> : <Skeleton width={32} height={32} radius="50%" />}
      <h2 id={titleId} className={styles.threadTitle}>
        {other ? <Link to={`/space/${other.id}`}>{name}</Link> : <Skeleton width={120} />}
      </h2>
    </header>
  );
}
