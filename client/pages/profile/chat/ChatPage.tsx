import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { ButtonLink } from '@client/components/Button';
import { Icon } from '@client/components/Icon';
import { Tabs } from '@client/components/Tabs';
import { useFormat } from '@client/i18n/format';
import { hasNewAnnouncements, inbox } from '@client/state/inbox';
import { useViewer } from '@client/state/session';
import { SectionHeader } from '../SectionHeader';
import { Conversation } from './Conversation';
import { ConversationList } from './ConversationList';
import { NoticeBox } from './NoticeBox';
import styles from './ChatPage.module.css';

const TABS = ['chats', 'system', 'announce'] as const;
type Tab = (typeof TABS)[number];
const ID = /^[1-9]\d{0,9}$/;

/**
 * /profile/chat — conversations with other members (`?with=<userId>` opens one), system
 * notifications (`?tab=system`) and announcements (`?tab=announce`), all live.
 */
export function ChatPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const [params, setParams] = useSearchParams();
  const { userinfo, isAdmin } = useViewer();
  const snap = useSnapshot(inbox);
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'chats';
  const withParam = params.get('with') ?? '';
  const withUserId = ID.test(withParam) ? Number(withParam) : null;
  const me = userinfo?.userId;
  if (!me) return null;

  const count = (n: number) => (n > 0 ? <span className={styles.tabCount}>{format.number(n)}</span> : null);
  const label: Record<Tab, ReactNode> = {
    chats: (
      <>
        {t('messages.tab.chats')}
        {count(snap.fromUsers)}
      </>
    ),
    system: (
      <>
        {t('messages.tab.system')}
        {count(snap.system)}
      </>
    ),
    announce: (
      <>
        {t('messages.tab.announce')}
        {hasNewAnnouncements(snap) && tab !== 'announce' && <span className={styles.tabDot} aria-label={t('messages.badge.announce')} />}
      </>
    ),
  };

  const chats = (
    <div className={styles.chat} data-open={withUserId !== null || undefined}>
      <div className={styles.listPane}>
        <ConversationList me={me} selected={withUserId} linkTo={(id) => `?with=${id}`} />
      </div>
      <div className={styles.threadPane}>
        {withUserId !== null ? (
          <Conversation key={withUserId} me={me} withUserId={withUserId} backTo="?" />
        ) : (
          <div className={styles.pick}>
            <Icon name="message" size={28} />
            <p>{t('messages.pick')}</p>
          </div>
        )}
      </div>
    </div>
  );

  return (
    <>
      <div className={styles.top}>
        <SectionHeader title={t('messages.title')} description={t('messages.description')} />
        {isAdmin && (
          <ButtonLink to="/admin/messages" size="sm">
            <Icon name="bolt" size={14} />
            {t('messages.push.link')}
          </ButtonLink>
        )}
      </div>
      <Tabs<Tab>
        label={t('messages.tabs')}
        value={tab}
        onChange={(next) => setParams(next === 'chats' ? {} : { tab: next })}
        items={TABS.map((id) => ({ id, label: label[id], content: id === 'chats' ? chats : <NoticeBox box={id} /> }))}
      />
    </>
  );
}
