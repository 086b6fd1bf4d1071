import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ACTION_TARGET, type JudgeAction } from '@shared/judgement';
import type { CaseStatus } from '@shared/games';
import { getJudgementLog, type JudgementLogItem } from '@client/api/admin';
import { casePath } from '@client/app/casePaths';
import { Badge, type Tone } from '@client/components/Badge';
import { STATUS_TONE } from '@client/components/StatusBadge';
import { Button } from '@client/components/Button';
import { Card } from '@client/components/Card';
import { DateTime } from '@client/components/DateTime';
import { EmptyState } from '@client/components/EmptyState';
import { Icon } from '@client/components/Icon';
import { Pager } from '@client/components/Pager';
import { usePagerFocus } from '@client/components/usePagerFocus';
import { PrivilegeBadges } from '@client/components/PrivilegeBadges';
import { RemoteList } from '@client/components/RemoteList';
import { Skeleton } from '@client/components/Skeleton';
import { UserLink } from '@client/components/userCard/UserLink';
import { useRemote } from '@client/hooks/useRemote';
import { useFormat } from '@client/i18n/format';
import { RichText } from '@client/richText/RichText';
import { LIMITS } from '@shared/limits';
import { AdminHeader } from '../AdminHeader';
import { ListSkeleton } from '../ListSkeleton';
import { JudgementLogFilters } from './JudgementLogFilters';
import { DEFAULT_LOG, isFiltered, logQueryString, parseLogQuery, toLogBody, type LogState } from './logQuery';
import styles from '@client/pages/shared/Admin.module.css';

/** Each verdict in the colour of the status it leads to, as status badges have it. */
const actionTone = (action: string | null): Tone => (action && action in ACTION_TARGET ? (STATUS_TONE[ACTION_TARGET[action as JudgeAction] as CaseStatus] ?? 'neutral') : 'neutral');

const search = (state: LogState) => {
  const query = logQueryString(state);
  return { search: query ? `?${query}` : '' };
};

function LogEntry({ item, state }: { item: JudgementLogItem; state: LogState }) {
  const { t } = useTranslation();
  const at = casePath(item.toOriginPersonaId);
  const admin = item.username ?? (item.byUserId !== null ? `#${item.byUserId}` : t('admin.judgementLog.system'));
  const onlyAdmin: LogState | null =
    item.username !== null ? { ...state, user: item.username, userId: undefined, page: 1 } : item.byUserId !== null ? { ...state, user: undefined, userId: item.byUserId, page: 1 } : null;
  return (
    <li className={item.valid ? styles.item : `${styles.item} ${styles.hidden}`} data-log-entry={item.id} data-case={item.toPlayerId}>
      <div className={styles.line}>
        {item.judgeAction && <Badge tone={actionTone(item.judgeAction)}>{t(`timeline.judgeActions.${item.judgeAction}`, { defaultValue: item.judgeAction })}</Badge>}
        {!item.valid && (
          <Badge tone="neutral">
            <Icon name="eyeOff" size={12} />
            {t('admin.judgementLog.hidden')}
          </Badge>
        )}
        {item.hackerLevel ? <Badge tone="danger">{t('case.hackerLevel', { level: item.hackerLevel })}</Badge> : null}
        {item.cheatMethods.map((m) => (
          <Badge key={m} tone="danger">
            {t(`cheatMethods.${m}`, { defaultValue: m })}
          </Badge>
        ))}
        <span className={styles.spacer} />
        <DateTime value={item.createTime} />
      </div>
      <div className={styles.line}>
        <Link to={at} className={styles.caseName} data-case-link>
          {item.toOriginName}
        </Link>
        <span className={styles.id}>{t('admin.judgementLog.caseNumber', { id: item.toPlayerId })}</span>
      </div>
      <div className={styles.line}>
        <span>{t('admin.judgementLog.by')}</span>
        {item.byUserId !== null ? <UserLink id={item.byUserId}>{admin}</UserLink> : <span>{admin}</span>}
        <PrivilegeBadges privileges={item.privilege} />
      </div>
      {item.content && (
        <div className={styles.content}>
          <RichText html={item.content} floorHref={(id) => `${at}#floor-${id}`} />
        </div>
      )}
      <div className={styles.actions}>
        <Link to={`${at}#floor-${item.id}`}>
          <Icon name="arrowRight" size={14} />
          {t('admin.judgementLog.onCase')}
        </Link>
        {state.caseId !== item.toPlayerId && (
          <Link to={search({ ...state, caseId: item.toPlayerId, page: 1 })} preventScrollReset>
            <Icon name="search" size={14} />
            {t('admin.judgementLog.onlyCase')}
          </Link>
        )}
        {onlyAdmin && logQueryString(onlyAdmin) !== logQueryString({ ...state, page: 1 }) && (
          <Link to={search(onlyAdmin)} preventScrollReset>
            <Icon name="user" size={14} />
            {t('admin.judgementLog.onlyAdmin', { name: admin })}
          </Link>
        )}
      </div>
    </li>
  );
}

/** /admin/judgementLog — every judgement, newest first, filtered by admin, case and days (staff). */
export function JudgementLogPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const state = parseLogQuery(params);
  const query = logQueryString(state);
  const remote = useRemote(query, (signal) => getJudgementLog(toLogBody(state), signal));
  const total = remote.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / LIMITS.pageDefault));
  const pager = usePagerFocus(state.page, pageCount, remote.state === 'ready');
  const go = (next: LogState) => void navigate(search(next), { preventScrollReset: true });

  return (
    <div className={`container ${styles.page}`}>
      <AdminHeader title={t('admin.judgementLog.title')} lead={t('admin.judgementLog.lead')} />
      <Card>
        <JudgementLogFilters key={logQueryString({ ...state, page: 1 })} state={state} onApply={go} onReset={() => go(DEFAULT_LOG)} />
      </Card>
      <div className={styles.toolbar}>
        <p className={styles.summary} aria-live="polite">
          {remote.state === 'ready' ? t(isFiltered(state) ? 'admin.judgementLog.countFiltered' : 'admin.judgementLog.count', { count: total, formatted: format.number(total) }) : '\u00a0'}
        </p>
        <Button variant="ghost" size="sm" disabled={remote.state === 'loading'} onClick={remote.reload}>
          <Icon name="refresh" size={14} />
          {t('admin.refresh')}
        </Button>
      </div>
      <Card flush>
        <div {...pager.region(t('admin.judgementLog.title'))} id="judgement-log" aria-busy={remote.state === 'loading'}>
          <RemoteList
            remote={remote}
            items={remote.data?.data ?? []}
            failedTitle={t('admin.judgementLog.loadFailed')}
            skeleton={
              <ListSkeleton rows={5} busy>
                {(i) => (
                  <>
                    <Skeleton width={`${30 + ((i * 13) % 25)}%`} height={22} />
                    <Skeleton width="45%" height={16} />
                    <Skeleton width="90%" />
                    <Skeleton width="70%" />
                  </>
                )}
              </ListSkeleton>
            }
            empty={
              <EmptyState icon="shield" title={t(isFiltered(state) ? 'admin.judgementLog.emptyFiltered' : 'admin.judgementLog.empty')}>
                {isFiltered(state) ? t('admin.judgementLog.emptyFilteredText') : null}
              </EmptyState>
            }
          >
            {(items) => (
              <ul className={styles.list} aria-label={t('admin.judgementLog.title')}>
                {items.map((item) => (
                  <LogEntry key={item.id} item={item} state={state} />
                ))}
              </ul>
            )}
          </RemoteList>
        </div>
      </Card>
      {remote.state === 'ready' && <Pager page={state.page} pageCount={pageCount} label={t('admin.judgementLog.pages')} to={(page) => search({ ...state, page })} onGo={pager.go} />}
    </div>
  );
}
