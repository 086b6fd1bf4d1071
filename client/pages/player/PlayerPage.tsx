import { useCallback } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getLivePlayer, type CaseKey, type CaseWithHistory } from '@client/api/cases';
import { ApiError } from '@client/api/ApiError';
import { useDescribeError } from '@client/api/describeError';
import { usePageTitleValues } from '@client/app/pageTitle';
import { Button, ButtonLink } from '@client/components/Button';
import { EmptyState } from '@client/components/EmptyState';
import { useRemote } from '@client/hooks/useRemote';
import { CaseSkeleton } from './CaseSkeleton';
import { CaseView } from './CaseView';
import { caseKeyOfOuid } from './ouid';
import styles from './PlayerPage.module.css';

function NoCase() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon="search"
      title={t('case.notFound')}
      action={
        <div className={styles.notFoundActions}>
          <ButtonLink variant="primary" to="/report">
            {t('case.reportThem')}
          </ButtonLink>
          <ButtonLink to="/player">{t('nav.players')}</ButtonLink>
        </div>
      }
    >
      {t('case.notFoundText')}
    </EmptyState>
  );
}

function LoadCase({ caseKey }: { caseKey: CaseKey }) {
  const { t } = useTranslation();
  const describe = useDescribeError();
  const remote = useRemote(JSON.stringify(caseKey), (signal) => getLivePlayer(caseKey, signal));
  const { update: updateAnswer } = remote;
  const update = useCallback((change: (record: CaseWithHistory) => CaseWithHistory) => updateAnswer((answer) => ({ ...answer, data: change(answer.data) })), [updateAnswer]);
  usePageTitleValues({ name: remote.data?.data.originName ?? caseKey.personaId ?? caseKey.userId ?? String(caseKey.dbId) });

  if (remote.state === 'failed' && !remote.data) {
    if (remote.error instanceof ApiError && remote.error.code === 'player.notFound') return <NoCase />;
    return (
      <EmptyState tone="error" icon="alert" title={t('case.loadFailed')} action={<Button onClick={remote.reload}>{t('common.retry')}</Button>}>
        {describe(remote.error)}
      </EmptyState>
    );
  }
  if (!remote.data) return <CaseSkeleton />;
  return <CaseView record={remote.data.data} lastSeq={remote.data.lastSeq} update={update} reload={remote.reload} />;
}

/** /player/:ouid — a case (the player detail); old-site addresses come with `?oldUrl`. */
export function PlayerPage() {
  const { ouid = '' } = useParams();
  const [params] = useSearchParams();
  const caseKey = caseKeyOfOuid(ouid, params.has('oldUrl'));
  return <div className={`container ${styles.page}`}>{caseKey ? <LoadCase key={JSON.stringify(caseKey)} caseKey={caseKey} /> : <NoCase />}</div>;
}
