import type { To } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getUserReports } from '@client/api/users';
import { Card } from '@client/components/Card';
import { CaseTable, CaseTableSkeleton } from '@client/components/cases/CaseTable';
import { EmptyState } from '@client/components/EmptyState';
import { Pager } from '@client/components/Pager';
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
  return (
    <>
      <Card flush>
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
      </Card>
      {remote.state === 'ready' && <Pager page={page} pageCount={Math.max(1, Math.ceil(remote.data.total / size))} to={pageTo} label={t('space.reportPages')} />}
    </>
  );
}
