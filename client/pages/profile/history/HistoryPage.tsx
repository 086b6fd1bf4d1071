import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CaseRecord } from '@shared/types/cases';
import { getCasesByIds } from '@client/api/cases';
import { useDescribeError } from '@client/api/describeError';
import { signinPath } from '@client/app/guards';
import { Button, ButtonLink } from '@client/components/Button';
import { Card } from '@client/components/Card';
import { CaseTable, CaseTableSkeleton } from '@client/components/cases/CaseTable';
import { Dialog } from '@client/components/Dialog';
import { EmptyState } from '@client/components/EmptyState';
import { Notice } from '@client/components/Notice';
import { Pager } from '@client/components/Pager';
import { usePagerFocus } from '@client/components/usePagerFocus';
import { toast } from '@client/components/toast';
import { useRemote } from '@client/hooks/useRemote';
import { useFormat } from '@client/i18n/format';
import { clearHistory, forgetVisit, historyPage, useHistory, type HistoryEntry } from '@client/state/history';
import { useLocalFlags } from '@client/state/localFlags';
import { useViewer } from '@client/state/session';
import { LocalOnlyNotice } from '../LocalOnlyNotice';
import { SectionHeader } from '../SectionHeader';
import styles from './HistoryPage.module.css';

type Row = CaseRecord & { visit: HistoryEntry };

/** The cases of one page, in the history's order, with the visit each one came from. */
function rowsOf(entries: readonly HistoryEntry[], cases: readonly CaseRecord[]) {
  const byId = new Map(cases.map((c) => [c.id, c]));
  const rows: Row[] = [];
  const missing: HistoryEntry[] = [];
  for (const visit of entries) {
    const found = byId.get(visit.id);
    if (found) rows.push({ ...found, visit });
    else missing.push(visit);
  }
  return { rows, missing };
}

function SignInPrompt() {
  const { t } = useTranslation();
  return (
    <Card>
      <EmptyState icon="lock" title={t('visits.signInTitle')} action={<ButtonLink variant="primary" to={signinPath({ backurl: '/profile/history' })}>{t('header.signin')}</ButtonLink>}>
        {t('visits.signInText')}
      </EmptyState>
    </Card>
  );
}

/** /profile/history — the cases this browser opened, 10 a page, newest first; one or all can be cleared. */
export function HistoryPage() {
  const { t } = useTranslation();
  const { signedIn } = useViewer();
  if (!signedIn) {
    return (
      <>
        <SectionHeader title={t('profile.section.history')} description={t('visits.description')} />
        <SignInPrompt />
      </>
    );
  }
  return <HistoryList />;
}

function HistoryList() {
  const { t } = useTranslation();
  const describe = useDescribeError();
  const format = useFormat();
  const flags = useLocalFlags();
  const list = useHistory();
  const [params] = useSearchParams();
  const [confirming, setConfirming] = useState(false);
  const { items, page, pageCount } = historyPage(list, Number(params.get('page')) || 1);
  const ids = items.map((e) => e.id);
  const remote = useRemote(ids.length ? ids.join(',') : null, (signal) => getCasesByIds(ids, signal));
  const found = rowsOf(items, remote.data ?? []);
  const rows = found.rows;
  // While a new page loads, a case not in the last answer is simply not known yet.
  const missing = remote.state === 'ready' ? found.missing : [];
  const pager = usePagerFocus(page, pageCount, remote.state === 'ready');

  const clearAll = () => {
    clearHistory();
    setConfirming(false);
    toast.success(t('visits.cleared'));
  };

  const remove = (id: number) => {
    forgetVisit(id);
    toast.success(t('visits.removed'));
  };

  const removeButton = (id: number, name: string) => (
    <Button variant="ghost" size="sm" onClick={() => remove(id)} aria-label={t('visits.removeOne', { name })}>
      {t('visits.remove')}
    </Button>
  );

  return (
    <>
      <SectionHeader title={t('profile.section.history')} description={list.length ? t('visits.count', { formatted: format.number(list.length) }) : t('visits.description')} />
      <LocalOnlyNotice />
      {!flags.history && (
        <Notice tone="info" title={t('visits.off')} action={<ButtonLink size="sm" to="/profile/enhancement">{t('visits.turnOn')}</ButtonLink>}>
          {t('visits.offText')}
        </Notice>
      )}
      <Card
        flush
        actions={
          list.length > 0 && (
            <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
              {t('visits.clearAll')}
            </Button>
          )
        }
        title={t('visits.listTitle')}
      >
        <div {...pager.region(t('visits.listTitle'))}>
          {!list.length ? (
            <EmptyState icon="clock" title={t('visits.empty')} action={<ButtonLink to="/player">{t('nav.players')}</ButtonLink>}>
              {t('visits.emptyText')}
            </EmptyState>
          ) : remote.state === 'failed' ? (
            <EmptyState tone="error" icon="alert" title={t('visits.loadFailed')} action={<Button onClick={remote.reload}>{t('common.retry')}</Button>}>
              {describe(remote.error)}
            </EmptyState>
          ) : remote.state === 'loading' && !remote.data ? (
            <CaseTableSkeleton rows={Math.min(items.length, 5)} />
          ) : (
            <div aria-busy={remote.state === 'loading'}>
              {rows.length > 0 && (
                <CaseTable
                  items={rows}
                  caption={t('visits.listTitle')}
                  note={(row) => (
                    <span className={styles.note}>
                      <span>{t('visits.openedAt', { time: format.relative(row.visit.time) })}</span>
                      {removeButton(row.id, row.originName)}
                    </span>
                  )}
                />
              )}
              {missing.length > 0 && (
                <ul className={styles.missing} aria-label={t('visits.missingTitle')}>
                  {missing.map((visit) => (
                    <li key={visit.id}>
                      <span>{t('visits.missing', { id: visit.id })}</span>
                      <span className={styles.muted}>{t('visits.openedAt', { time: format.relative(visit.time) })}</span>
                      {removeButton(visit.id, `#${visit.id}`)}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </div>
      </Card>
      {pageCount > 1 && <Pager page={page} pageCount={pageCount} to={(p) => (p > 1 ? `?page=${p}` : '.')} label={t('visits.pages')} onGo={pager.go} />}
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('visits.clearTitle')}
        footer={
          <>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </Button>
            <Button variant="danger" onClick={clearAll}>
              {t('visits.clearAll')}
            </Button>
          </>
        }
      >
        <p>{t('visits.clearText', { formatted: format.number(list.length) })}</p>
      </Dialog>
      <p className={styles.muted}>
        {t('visits.localOnly')} <Link to="/profile/export">{t('visits.exportLink')}</Link>
      </p>
    </>
  );
}
