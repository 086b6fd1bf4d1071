import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { APPEAL_FOR_ANY_ROLES } from '@shared/judgement';
import { hasAny } from '@shared/privileges';
import { casePath } from '@client/app/casePaths';
import { usePageTitleValues } from '@client/app/pageTitle';
import { Button } from '@client/components/Button';
import { Card } from '@client/components/Card';
import { EmptyState } from '@client/components/EmptyState';
import { Icon } from '@client/components/Icon';
import { Notice } from '@client/components/Notice';
import { Skeleton } from '@client/components/Skeleton';
import { StatusBadge } from '@client/components/StatusBadge';
import { toast } from '@client/components/toast';
import { SubmitGate } from '@client/forms/SubmitGate';
import { useViewer } from '@client/state/session';
import { floorAnchor } from '../timeline/pageQuery';
import { useCaseOfRoute } from '../share/useCaseOfRoute';
import { appealClosedReason } from './appealRules';
import { AppealForm } from './AppealForm';
import { useDescribeAppealError } from './describe';
import styles from './Appeal.module.css';

/** /player/:ouid/appeal (signed in): the appeal of a confirmed or suspected case, by its owner or high staff. */
export function AppealPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const describe = useDescribeAppealError();
  const viewer = useViewer();
  const { remote } = useCaseOfRoute();
  const record = remote.data;
  usePageTitleValues({ name: record?.originName ?? '…' });

  if (remote.state === 'failed' && !record) {
    return (
      <div className={`container ${styles.page}`}>
        <EmptyState tone="error" icon="alert" title={t('appeal.loadFailed')} action={<Button onClick={remote.reload}>{t('common.retry')}</Button>}>
          {describe(remote.error)}
        </EmptyState>
      </div>
    );
  }
  const highStaff = hasAny(viewer.privileges, APPEAL_FOR_ANY_ROLES);
  // Whose game account the user holds is known once /user/me answers.
  const waiting = !record || (!viewer.me && !highStaff);
  const closed = record && !waiting ? appealClosedReason({ signedIn: viewer.signedIn, privileges: viewer.privileges, originUserId: viewer.me?.origin?.originUserId }, record) : null;

  const filed = (entryId: number) => {
    toast.success(t('appeal.filed'));
    if (record) void navigate({ pathname: casePath(record.originPersonaId), hash: floorAnchor(entryId) });
  };

  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.header}>
        <h1>{record ? t('appeal.title', { name: record.originName }) : <Skeleton width={280} height={32} />}</h1>
        <p>{t('appeal.lead')}</p>
        {record && (
          <p className={styles.badges}>
            <StatusBadge status={record.status} />
            <Link to={casePath(record.originPersonaId)} className={styles.back}>
              <Icon name="chevronLeft" size={16} />
              {t('appeal.back', { name: record.originName })}
            </Link>
          </p>
        )}
      </header>
      <Card>
        <SubmitGate title={null}>
          {waiting ? (
            <Skeleton height={320} radius="var(--radius-md)" />
          ) : closed ? (
            <Notice tone="warning" title={t('appeal.closed.title')}>
              {t(`appeal.closed.${closed}`)}
            </Notice>
          ) : (
            <AppealForm record={record} onFiled={filed} />
          )}
        </SubmitGate>
      </Card>
    </div>
  );
}
