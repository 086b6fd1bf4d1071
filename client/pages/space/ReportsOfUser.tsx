import type { To } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getUserReports } from '@client/api/users';
import { Card } from '@client/components/Card';
import { CaseTable, CaseTableSkeleton } from '@client/components/cases/CaseTable';
import { EmptyState } from '@client/components/EmptyState';
import { Pager } from '@client/components/Pager';
import { usePagerFocus } from '@client/components/usePagerFocus';
import { RemoteList } from '@client/components/RemoteList';
import { useRemote } from '@client/hooks/useRemote';
import { LIMITS } from '@shared/limits';

interface ReportsOfUserProps {
  userId: number;
  /** 1-based. */
  page: number;
  pageTo: (page: number) => To;
  /** The viewer's own reports read differently when empty. */
  own?: boolean;
}

/** The cases a user reported, newest report first, 20 a page (GET /user/reports). */
export function ReportsOfUser({ userId, page, pageTo, own }: ReportsOfUserProps) {
  const { t } = useTranslation();
  const size = LIMITS.pageDefault;
  const remote = useRemote(`${userId}:${page}`, (signal) => getUserReports(userId, page - 1, size, signal));
  const pageCount = Math.max(1, Math.ceil((remote.data?.total ?? 0) / size));
  const pager = usePagerFocus(page, pageCount, remote.state === 'ready');
  return (
    <>
      <Card flush>
        <div {...pager.region(t('space.reports'))}>
          <RemoteList
            remote={remote}
            items={remote.data?.data ?? []}
            failedTitle={t('space.reportsFailed')}
            skeleton={<CaseTableSkeleton rows={5} />}
            empty={
              <EmptyState icon="flag" title={own ? t('space.noOwnReports') : t('space.noReports')}>
                {own ? t('space.noOwnReportsText') : undefined}
              </EmptyState>
            }
          >
            {(items) => <CaseTable items={items} caption={t('space.reports')} />}
          </RemoteList>
        </div>
      </Card>
      {remote.state === 'ready' && <Pager page={page} pageCount={pageCount} to={pageTo} label={t('space.reportPages')} onGo={pager.go} />}
    </>
  );
}
