import { useTranslation } from 'react-i18next';
import { getChatLog, type ChatLogItem } from '@client/api/adminRecords';
import { Badge } from '@client/components/Badge';
import { DateTime } from '@client/components/DateTime';
import { Icon } from '@client/components/Icon';
import { UserLink } from '@client/components/userCard/UserLink';
import { RichText } from '@client/richText/RichText';
import { AdminHeader } from '../AdminHeader';
import { RecordList } from './RecordList';
import type { FilterDef } from './recordQuery';
import styles from '@client/pages/shared/Admin.module.css';

const TYPES = ['direct', 'warn', 'fatal', 'command', 'reply', 'banAppeal', 'toAll', 'toAdmins', 'toNormals'] as const;

/** /admin/chat-log — every message of the site, by sender, recipient, type and day (S/R/D). */
export function ChatLogPage() {
  const { t } = useTranslation();
  const defs: FilterDef[] = [
    { name: 'byUserId', label: t('admin.records.byUserId'), kind: 'number' },
    { name: 'toUserId', label: t('admin.records.toUserId'), kind: 'number' },
    { name: 'type', label: t('admin.records.type'), kind: 'select', options: TYPES.map((v) => ({ value: v, label: t(`admin.records.messageTypes.${v}`) })) },
    { name: 'from', label: t('admin.records.from'), kind: 'day' },
    { name: 'to', label: t('admin.records.to'), kind: 'day' },
  ];
  const who = (id: number | null, name: string | null) => (id === null ? <span>{t('admin.records.nobody')}</span> : <UserLink id={id}>{name ?? `#${id}`}</UserLink>);
  return (
    <div className={`container ${styles.page}`}>
      <AdminHeader title={t('admin.records.chatLog.title')} lead={t('admin.records.chatLog.lead')} />
      <RecordList<ChatLogItem>
        id="chatLog"
        icon="message"
        defs={defs}
        load={getChatLog}
        keyOf={(m) => m.id}
        render={(m) => (
          <>
            <div className={styles.line}>
              <Badge tone={m.type === 'direct' ? 'neutral' : 'accent'}>{t(`admin.records.messageTypes.${m.type}`, { defaultValue: m.type })}</Badge>
              {who(m.byUserId, m.byUserName)}
              <Icon name="arrowRight" size={14} />
              {m.toUserId === null && m.byUserId !== null ? <span>{t('admin.records.broadcast')}</span> : who(m.toUserId, m.toUserName)}
              {!m.haveRead && m.toUserId !== null && <Badge tone="neutral">{t('admin.records.unread')}</Badge>}
              <span className={styles.spacer} />
              <DateTime value={m.createTime} />
            </div>
            <div className={styles.content}>
              <RichText html={m.content} />
            </div>
          </>
        )}
      />
    </div>
  );
}
