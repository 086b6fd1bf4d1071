import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getCaseCounts } from '@client/api/stats';
import { Badge } from '@client/components/Badge';
import { Icon, type IconName } from '@client/components/Icon';
import { Skeleton } from '@client/components/Skeleton';
import { useRemote } from '@client/hooks/useRemote';
import { useFormat } from '@client/i18n/format';
import { OPEN_CASES_PATH, useOpenCases } from '@client/state/openCases';
import { useLocation } from 'react-router';
import { useViewer } from '@client/state/session';
import { STAFF_SCREENS, type StaffScreen } from '@client/app/staffScreens';
import { Notice } from '@client/components/Notice';
import type { RefusedState } from '@client/app/Guard';
import styles from '@client/pages/shared/Admin.module.css';

/** The status of a case while one of its appeals waits for staff (or is locked). */
const UNDER_APPEAL = 9;

interface ToolProps {
  id: StaffScreen | 'openCases';
  to: string;
  icon: IconName;
  title: string;
  text: string;
  /** A live number or its placeholder, under the text. */
  count?: ReactNode;
}

function Tool({ id, to, icon, title, text, count }: ToolProps) {
  return (
    <li>
      <div className={styles.tool} data-tool={id}>
        <span className={styles.toolIcon} aria-hidden="true">
          <Icon name={icon} size={22} />
        </span>
        <div className={styles.toolBody}>
          <h2 className={styles.toolTitle}>
            <Link to={to}>{title}</Link>
          </h2>
          <p className={styles.toolText}>{text}</p>
          {count}
        </div>
      </div>
    </li>
  );
}

/** Why the viewer landed here instead of the staff page they opened: the roles it is for. */
function RefusedNotice() {
  const { t } = useTranslation();
  const format = useFormat();
  const refused = (useLocation().state as RefusedState | null)?.refused;
  if (!refused) return null;
  const roles = format.alternatives(refused.needs.map((role) => t(`privileges.${role}`)));
  return <Notice tone="warning" title={t('admin.home.refused.title')}>{t('admin.home.refused.text', { path: refused.path, roles })}</Notice>;
}

/** /admin — the staff tools this viewer's roles open (`STAFF_SCREENS`), with the numbers that tell where work waits. */
export function AdminHomePage() {
  const { t } = useTranslation();
  const format = useFormat();
  const openCount = useOpenCases();
  const { has } = useViewer();
  const appeals = useRemote('underAppeal', (signal) => getCaseCounts([{ game: '*', status: UNDER_APPEAL }], signal));
  const underAppeal = appeals.state === 'ready' ? (appeals.data[0]?.count ?? 0) : null;

  const count = (value: number | null, key: string, loading: boolean) =>
    value !== null ? (
      <span className={styles.toolCount}>
        <Badge tone={value > 0 ? 'accent' : 'neutral'}>{t(key, { count: value, formatted: format.number(value) })}</Badge>
      </span>
    ) : loading ? (
      <span className={styles.toolCount}>
        <Skeleton width={110} height={22} radius="var(--radius-full)" />
      </span>
    ) : null;

  const tiles: Array<Omit<ToolProps, 'id'> & { id: StaffScreen }> = [
    { id: 'adminAppeals', to: '/admin/appeals', icon: 'flag', title: t('admin.home.appeals.title'), text: t('admin.home.appeals.text'), count: count(underAppeal, 'admin.home.appeals.count', appeals.state === 'loading') },
    { id: 'adminJudgementLog', to: '/admin/judgementLog', icon: 'shield', title: t('admin.home.judgementLog.title'), text: t('admin.home.judgementLog.text') },
    { id: 'adminMessages', to: '/admin/messages', icon: 'message', title: t('admin.home.messages.title'), text: t('admin.home.messages.text') },
    { id: 'adminComments', to: '/admin/comments', icon: 'reply', title: t('admin.home.comments.title'), text: t('admin.home.comments.text') },
    { id: 'adminHomeManagement', to: '/admin/home-management', icon: 'edit', title: t('admin.home.homeManagement.title'), text: t('admin.home.homeManagement.text') },
    { id: 'adminUsers', to: '/admin/users', icon: 'user', title: t('admin.home.users.title'), text: t('admin.home.users.text') },
    { id: 'adminMuted', to: '/admin/muted', icon: 'clock', title: t('admin.home.muted.title'), text: t('admin.home.muted.text') },
    { id: 'adminBlocked', to: '/admin/blocked', icon: 'shield', title: t('admin.home.blocked.title'), text: t('admin.home.blocked.text') },
    { id: 'adminStatistics', to: '/admin/statistics', icon: 'sliders', title: t('admin.home.statistics.title'), text: t('admin.home.statistics.text') },
    { id: 'adminLogs', to: '/admin/logs', icon: 'clock', title: t('admin.home.logs.title'), text: t('admin.home.logs.text') },
    { id: 'adminChatLog', to: '/admin/chat-log', icon: 'mail', title: t('admin.home.chatLog.title'), text: t('admin.home.chatLog.text') },
    { id: 'adminVerifications', to: '/admin/verifications', icon: 'key', title: t('admin.home.verifications.title'), text: t('admin.home.verifications.text') },
    { id: 'adminTools', to: '/admin/tools', icon: 'bolt', title: t('admin.home.toolsDirectory.title'), text: t('admin.home.toolsDirectory.text') },
    { id: 'adminApplications', to: '/admin/applications', icon: 'key', title: t('admin.home.applications.title'), text: t('admin.home.applications.text') },
    { id: 'adminMedia', to: '/admin/media', icon: 'image', title: t('admin.home.media.title'), text: t('admin.home.media.text') },
  ];

  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.header}>
        <h1>{t('admin.home.title')}</h1>
        <p>{t('admin.home.lead')}</p>
      </header>
      <RefusedNotice />
      <ul className={styles.tools} aria-label={t('admin.home.tools')}>
        <Tool
          id="openCases"
          to={OPEN_CASES_PATH}
          icon="scale"
          title={t('admin.home.openCases.title')}
          text={t('admin.home.openCases.text')}
          count={count(openCount, 'admin.home.openCases.count', false)}
        />
        {tiles.filter((tile) => has(STAFF_SCREENS[tile.id])).map((tile) => (
          <Tool key={tile.id} {...tile} />
        ))}
      </ul>
    </div>
  );
}
