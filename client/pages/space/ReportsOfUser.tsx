import type { To } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getUserReports } from '@client/api/users';
import { useDescribeError } from '@client/api/describeError';
import { Button } from '@client/components/Button';
import { Card } from '@client/components/Card';
import { CaseTable, CaseTableSkeleton } from '@client/components/cases/CaseTable';
import { EmptyState } from '@client/components/EmptyState';
import { Pager } from '@client/components/Pager';
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
  const describe = useDescribeError();
  const size = LIMITS.pageDefault;
  const remote = useRemote(`${userId}:${page}`, (signal) => getUserReports(userId, page - 1, size, signal));
  return (
    <>
      <Card flush>
        {remote.state === 'failed' ? (
          <EmptyState tone="error" icon="alert" title={t('space.reportsFailed')} action={<Button onClick={remote.reload}>{t('common.retry')}</Button>}>
            {describe(remote.error)}
          </EmptyState>
        ) : remote.state === 'loading' ? (
          <CaseTableSkeleton rows={5} />
        ) : remote.data.data.length === 0 ? (
          <EmptyState icon="flag" title={own ? t('space.noOwnReports') : t('space.noReports')}>
            {own ? t('space.noOwnReportsText') : undefined}
          </EmptyState>
        ) : (
          <CaseTable items={remote.data.data} caption={t('space.reports')} />
        )}
      </Card>
      {remote.state === 'ready' && <Pager page={page} pageCount={Math.max(1, Math.ceil(remote.data.total / size))} to={pageTo} label={t('space.reportPages')} />}
    </>
  );
}
