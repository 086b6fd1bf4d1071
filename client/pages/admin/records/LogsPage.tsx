import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { USER_OPERATION_KINDS } from '@shared/schemas/admin';
import { getAdminLog, getUserOperations, type AdminLogItem, type UserOperationItem } from '@client/api/adminRecords';
import { Badge } from '@client/components/Badge';
import { DateTime } from '@client/components/DateTime';
import { EmptyState } from '@client/components/EmptyState';
import { Icon } from '@client/components/Icon';
import { Tabs } from '@client/components/Tabs';
import { UserLink } from '@client/components/userCard/UserLink';
import { AdminHeader } from '../AdminHeader';
import { RecordDetail } from './RecordDetail';
import { RecordList } from './RecordList';
import type { FilterDef } from './recordQuery';
import styles from '@client/pages/shared/Admin.module.css';

const TABS = ['admin', 'judgements', 'users'] as const;
type Tab = (typeof TABS)[number];

function Who({ id, name }: { id: number | null; name: string | null }) {
  if (id === null) return <span>—</span>;
  return <UserLink id={id}>{name ?? `#${id}`}</UserLink>;
}

function AdminOperations() {
  const { t } = useTranslation();
  const defs: FilterDef[] = [
    { name: 'actorId', label: t('admin.records.actorId'), kind: 'number' },
    { name: 'targetUserId', label: t('admin.records.targetUserId'), kind: 'number' },
    { name: 'action', label: t('admin.records.action'), kind: 'text' },
    { name: 'from', label: t('admin.records.from'), kind: 'day' },
    { name: 'to', label: t('admin.records.to'), kind: 'day' },
  ];
  return (
    <RecordList<AdminLogItem>
      id="adminLog"
      icon="shield"
      defs={defs}
      keep={{ tab: 'admin' }}
      load={getAdminLog}
      keyOf={(item) => item.id}
      render={(item, filterBy) => (
        <>
          <div className={styles.line}>
            <Badge tone="accent">{item.action}</Badge>
            <span className={styles.spacer} />
            <DateTime value={item.createTime} />
          </div>
          <div className={styles.line}>
            <span>{t('admin.records.by')}</span>
            <Who id={item.actorId} name={item.actorName} />
            {item.actorApp && <Badge>{t('timeline.byApp', { name: item.actorApp.name })}</Badge>}
            {item.targetUserId !== null && (
              <>
                <Icon name="arrowRight" size={14} />
                <Who id={item.targetUserId} name={item.targetUserName} />
              </>
            )}
            {item.targetCaseId !== null && <span className={styles.id}>{t('admin.judgementLog.caseNumber', { id: item.targetCaseId })}</span>}
          </div>
          <RecordDetail detail={item.detail} />
          <div className={styles.actions}>
            <Link to={{ search: filterBy({ action: item.action }) }} preventScrollReset>
              <Icon name="search" size={14} />
              {t('admin.records.onlyAction', { action: item.action })}
            </Link>
            <Link to={{ search: filterBy({ actorId: String(item.actorId) }) }} preventScrollReset>
              <Icon name="user" size={14} />
              {t('admin.records.onlyActor', { name: item.actorName ?? `#${item.actorId}` })}
            </Link>
          </div>
        </>
      )}
    />
  );
}

function UserOperations() {
  const { t } = useTranslation();
  const defs: FilterDef[] = [
    { name: 'id', label: t('admin.records.userId'), kind: 'number' },
    { name: 'kind', label: t('admin.records.kind'), kind: 'select', options: USER_OPERATION_KINDS.map((k) => ({ value: k, label: t(`admin.records.kinds.${k}`) })) },
    { name: 'from', label: t('admin.records.from'), kind: 'day' },
    { name: 'to', label: t('admin.records.to'), kind: 'day' },
  ];
  return (
    <RecordList<UserOperationItem>
      id="userOperations"
      icon="user"
      defs={defs}
      keep={{ tab: 'users' }}
      load={getUserOperations}
      keyOf={(item) => item.id}
      render={(item, filterBy) => (
        <>
          <div className={styles.line}>
            <Badge tone="neutral">{t(`admin.records.kinds.${item.kind}`, { defaultValue: item.kind })}</Badge>
            <Who id={item.userId} name={item.username} />
            <span className={styles.spacer} />
            <DateTime value={item.createTime} />
          </div>
          <div className={styles.line}>
            <span>{t('admin.records.ip')}</span>
            <code>{item.ip ?? t('admin.records.ipHidden')}</code>
          </div>
          {item.userAgent && <p className={styles.agent}>{item.userAgent}</p>}
          <RecordDetail detail={item.detail} />
          <div className={styles.actions}>
            <Link to={{ search: filterBy({ id: String(item.userId) }) }} preventScrollReset>
              <Icon name="user" size={14} />
              {t('admin.records.onlyUser', { name: item.username ?? `#${item.userId}` })}
            </Link>
          </div>
        </>
      )}
    />
  );
}

/** /admin/logs — staff writes, the judgement log (its own page) and users' account operations (S/R/D). */
export function LogsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const raw = params.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(raw ?? '') ? (raw as Tab) : 'admin';
  return (
    <div className={`container ${styles.page}`}>
      <AdminHeader title={t('admin.records.logs.title')} lead={t('admin.records.logs.lead')} />
      <Tabs<Tab>
        label={t('admin.records.logs.tabs')}
        value={tab}
        onChange={(next) => void navigate({ search: next === 'admin' ? '' : `?tab=${next}` }, { preventScrollReset: true })}
        items={[
          { id: 'admin', label: t('admin.records.logs.admin'), content: <AdminOperations /> },
          {
            id: 'judgements',
            label: t('admin.records.logs.judgements'),
            content: (
              <EmptyState icon="scale" title={t('admin.judgementLog.title')} action={<Link to="/admin/judgementLog">{t('admin.records.logs.openJudgementLog')}</Link>}>
                {t('admin.home.judgementLog.text')}
              </EmptyState>
            ),
          },
          { id: 'users', label: t('admin.records.logs.users'), content: <UserOperations /> },
        ]}
      />
    </div>
  );
}
