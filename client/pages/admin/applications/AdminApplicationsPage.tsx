import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@shared/limits';
import { APPLICATION_STATES, type AppScope, type ApplicationState } from '@shared/applications';
import type { Application } from '@shared/schemas/applications';
import { getStaffApplications, getStaffUsage, reviewApplication } from '@client/api/applications';
import { useDescribeError } from '@client/api/describeError';
import { Button } from '@client/components/Button';
import { Dialog } from '@client/components/Dialog';
import { EmptyState } from '@client/components/EmptyState';
import { TextAreaField } from '@client/components/Field';
import { Checkbox } from '@client/components/Toggle';
import { Notice } from '@client/components/Notice';
import { Segmented } from '@client/components/Segmented';
import { Skeleton } from '@client/components/Skeleton';
import { useRemote } from '@client/hooks/useRemote';
import { useStaffAction } from '@client/components/useStaffAction';
import { ApplicationSummary } from '@client/pages/developers/ApplicationSummary';
import { KeyList } from '@client/pages/developers/KeyList';
import { UsageChart } from '@client/pages/developers/UsageChart';
import styles from '@client/pages/developers/DevelopersPage.module.css';

type Filter = ApplicationState | 'all';
const FILTERS: readonly Filter[] = [...APPLICATION_STATES, 'all'];
type WithReason = { application: Application; action: 'refuse' | 'suspend' };

/** /admin/applications — the applications' review: approve, refuse or suspend with a reason (each in the admin log), and each one's keys and usage. */
export function AdminApplicationsPage() {
  const { t } = useTranslation();
  const describe = useDescribeError();
  const [status, setStatus] = useState<Filter>('pending');
  const [limit, setLimit] = useState(20);
  const list = useRemote(`adminApplications:${status}:${limit}`, (signal) => getStaffApplications(status, 0, limit, signal));
  const [asking, setAsking] = useState<WithReason | null>(null);
  const [reason, setReason] = useState('');
  const [usageOf, setUsageOf] = useState<number | null>(null);
  const [approving, setApproving] = useState<Application | null>(null);
  const [granted, setGranted] = useState<AppScope[]>([]);
  const { busy, run } = useStaffAction(list.reload);
  const act = (application: Application, action: 'approve' | 'refuse' | 'suspend', why?: string, scopes?: AppScope[]) =>
    run(() => reviewApplication(application.id, action, why, scopes), t(`adminApplications.done.${action}`, { name: application.name }));

  return (
    <div className={`container ${styles.page}`}>
      <header>
        <h1>{t('adminApplications.title')}</h1>
        <p className={styles.muted}>{t('adminApplications.lead')}</p>
      </header>
      <Segmented
        label={t('adminApplications.filter')}
        value={status}
        options={FILTERS.map((value) => ({ value, label: value === 'all' ? t('adminApplications.all') : t(`developers.state.${value}`) }))}
        onChange={(v) => {
          setStatus(v);
          setLimit(20);
        }}
      />
      {list.state === 'failed' && !list.data ? (
        <Notice tone="danger">{describe(list.error)}</Notice>
      ) : !list.data ? (
        <Skeleton height={160} />
      ) : list.data.data.length === 0 ? (
        <EmptyState icon="checkCircle" title={t('adminApplications.empty')} />
      ) : (
        <>
          <ul className={styles.list}>
            {list.data.data.map((application) => (
              <li key={application.id} className={styles.item} data-application-id={application.id}>
                <ApplicationSummary application={application} showOwner />
                <div className={styles.actions}>
                  {application.status !== 'approved' && (
                    <Button size="sm" variant="primary" disabled={busy} onClick={() => (setGranted(application.requestedScopes), setApproving(application))}>
                      {t('adminApplications.approve')}
                    </Button>
                  )}
                  {application.status === 'pending' && (
                    <Button size="sm" disabled={busy} onClick={() => (setReason(''), setAsking({ application, action: 'refuse' }))}>
                      {t('adminApplications.refuse')}
                    </Button>
                  )}
                  {application.status === 'approved' && (
                    <Button size="sm" variant="danger" disabled={busy} onClick={() => (setReason(''), setAsking({ application, action: 'suspend' }))}>
                      {t('adminApplications.suspend')}
                    </Button>
                  )}
                  {application.botUserId !== null && (
                    <Button size="sm" variant="ghost" aria-expanded={usageOf === application.id} onClick={() => setUsageOf((id) => (id === application.id ? null : application.id))}>
                      {usageOf === application.id ? t('developers.usage.hide') : t('developers.usage.show')}
                    </Button>
                  )}
                </div>
                {application.keys.length > 0 && <KeyList keys={application.keys} busy={busy} />}
                {usageOf === application.id && <UsageChart applicationId={application.id} load={getStaffUsage} />}
              </li>
            ))}
          </ul>
          {list.data.total > list.data.data.length && limit < 100 && (
            <Button loading={list.state === 'loading'} onClick={() => setLimit((n) => Math.min(100, n + 20))}>
              {t('adminApplications.more')}
            </Button>
          )}
        </>
      )}
      <Dialog
        open={!!approving}
        onClose={() => setApproving(null)}
        title={approving ? t('adminApplications.approveTitle', { name: approving.name }) : ''}
        footer={
          <>
            <Button onClick={() => setApproving(null)}>{t('common.cancel')}</Button>
            <Button
              variant="primary"
              loading={busy}
              disabled={granted.length === 0}
              onClick={() => void act(approving!, 'approve', undefined, approving!.requestedScopes.filter((s) => granted.includes(s))).then((ok) => ok && setApproving(null))}
            >
              {t('adminApplications.approveConfirm')}
            </Button>
          </>
        }
      >
        <fieldset className={styles.scopes}>
          <legend>{t('adminApplications.grant')}</legend>
          {approving?.requestedScopes.map((scope) => (
            <Checkbox
              key={scope}
              label={t(`developers.scope.${scope}`)}
              checked={granted.includes(scope)}
              onChange={() => setGranted((list) => (list.includes(scope) ? list.filter((s) => s !== scope) : [...list, scope]))}
            />
          ))}
        </fieldset>
      </Dialog>
      <Dialog
        open={!!asking}
        onClose={() => setAsking(null)}
        title={asking ? t(`adminApplications.${asking.action}Title`, { name: asking.application.name }) : ''}
        footer={
          <>
            <Button onClick={() => setAsking(null)}>{t('common.cancel')}</Button>
            <Button variant="danger" loading={busy} disabled={!reason.trim()} onClick={() => void act(asking!.application, asking!.action, reason.trim()).then((ok) => ok && setAsking(null))}>
              {asking ? t(`adminApplications.${asking.action}`) : ''}
            </Button>
          </>
        }
      >
        <TextAreaField label={t('adminApplications.reason')} hint={t('adminApplications.reasonHint')} rows={3} maxLength={LIMITS.applicationReasonMax} value={reason} onChange={(e) => setReason(e.target.value)} />
      </Dialog>
    </div>
  );
}
