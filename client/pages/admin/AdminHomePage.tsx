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
import { hasAdminLevel, hasAny } from '@shared/privileges';
import { useViewer } from '@client/state/session';
import styles from './Admin.module.css';

/** The status of a case while one of its appeals waits for staff (or is locked). */
const UNDER_APPEAL = 9;

interface ToolProps {
  id: string;
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

/** /admin — the staff tools that exist, with the numbers that tell where work waits. */
export function AdminHomePage() {
  const { t } = useTranslation();
  const format = useFormat();
  const openCount = useOpenCases();
  const { privileges } = useViewer();
  const superStaff = hasAdminLevel(privileges, 2);
  const editor = hasAny(privileges, ['super', 'root']);
  // User search and the blocked list are for super, root and dev (admin level 2); mutes for every admin.
  const manageUsers = superStaff;
  const rootOrDev = hasAdminLevel(privileges, 3);
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

  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.header}>
        <h1>{t('admin.home.title')}</h1>
        <p>{t('admin.home.lead')}</p>
      </header>
      <ul className={styles.tools} aria-label={t('admin.home.tools')}>
        <Tool
          id="openCases"
          to={OPEN_CASES_PATH}
          icon="scale"
          title={t('admin.home.openCases.title')}
          text={t('admin.home.openCases.text')}
          count={count(openCount, 'admin.home.openCases.count', false)}
        />
        <Tool
          id="appeals"
          to="/admin/appeals"
          icon="flag"
          title={t('admin.home.appeals.title')}
          text={t('admin.home.appeals.text')}
          count={count(underAppeal, 'admin.home.appeals.count', appeals.state === 'loading')}
        />
        <Tool id="judgementLog" to="/admin/judgementLog" icon="shield" title={t('admin.home.judgementLog.title')} text={t('admin.home.judgementLog.text')} />
        <Tool id="messages" to="/admin/messages" icon="message" title={t('admin.home.messages.title')} text={t('admin.home.messages.text')} />
        {superStaff && <Tool id="comments" to="/admin/comments" icon="reply" title={t('admin.home.comments.title')} text={t('admin.home.comments.text')} />}
        {editor && <Tool id="homeManagement" to="/admin/home-management" icon="edit" title={t('admin.home.homeManagement.title')} text={t('admin.home.homeManagement.text')} />}
        {manageUsers && <Tool id="users" to="/admin/users" icon="user" title={t('admin.home.users.title')} text={t('admin.home.users.text')} />}
        <Tool id="muted" to="/admin/muted" icon="clock" title={t('admin.home.muted.title')} text={t('admin.home.muted.text')} />
        {manageUsers && <Tool id="blocked" to="/admin/blocked" icon="shield" title={t('admin.home.blocked.title')} text={t('admin.home.blocked.text')} />}
        <Tool id="statistics" to="/admin/statistics" icon="sliders" title={t('admin.home.statistics.title')} text={t('admin.home.statistics.text')} />
        {superStaff && <Tool id="logs" to="/admin/logs" icon="clock" title={t('admin.home.logs.title')} text={t('admin.home.logs.text')} />}
        {superStaff && <Tool id="chatLog" to="/admin/chat-log" icon="mail" title={t('admin.home.chatLog.title')} text={t('admin.home.chatLog.text')} />}
        {rootOrDev && <Tool id="verifications" to="/admin/verifications" icon="key" title={t('admin.home.verifications.title')} text={t('admin.home.verifications.text')} />}
        <Tool id="tools" to="/admin/tools" icon="bolt" title={t('admin.home.toolsDirectory.title')} text={t('admin.home.toolsDirectory.text')} />
        {rootOrDev && <Tool id="media" to="/admin/media" icon="image" title={t('admin.home.media.title')} text={t('admin.home.media.text')} />}
      </ul>
    </div>
  );
}
