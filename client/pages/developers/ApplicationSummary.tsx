import { useTranslation } from 'react-i18next';
import type { Application } from '@shared/schemas/applications';
import { Badge, type Tone } from '@client/components/Badge';
import { DateTime } from '@client/components/DateTime';
import styles from './DevelopersPage.module.css';

const TONES: Record<Application['status'], Tone> = { pending: 'info', approved: 'success', refused: 'danger', suspended: 'warning' };

/** What an application is and where its review stands: shown to its owner and to staff alike. */
export function ApplicationSummary({ application, showOwner }: { application: Application; showOwner?: boolean }) {
  const { t } = useTranslation();
  const scopes = (list: readonly string[]) => list.map((s) => t(`developers.scope.${s}`)).join(' · ');
  return (
    <>
      <div className={styles.itemHead}>
        <h2 className={styles.name} dir="auto">
          {application.name}
        </h2>
        <Badge tone={TONES[application.status]}>{t(`developers.state.${application.status}`)}</Badge>
      </div>
      <p className={styles.meta}>
        {showOwner && application.ownerName && <>{t('developers.by', { name: application.ownerName })} · </>}
        <DateTime value={application.createTime} />
        {application.reviewerName && <> · {t('developers.reviewedBy', { name: application.reviewerName })}</>}
      </p>
      <p className={styles.description} dir="auto">
        {application.purpose}
      </p>
      <p className={styles.meta}>
        <a href={application.homepage} rel="noopener noreferrer nofollow" target="_blank">
          {application.homepage}
        </a>{' '}
        · <span dir="auto">{application.contact}</span>
      </p>
      <p className={styles.meta}>{t('developers.requested', { scopes: scopes(application.requestedScopes) })}</p>
      {application.status === 'approved' && <p className={styles.meta}>{t('developers.granted', { scopes: scopes(application.grantedScopes) })}</p>}
      {application.botName && <p className={styles.meta}>{t('developers.botAccount', { name: application.botName })}</p>}
      {application.reason && <p className={styles.meta}>{t('developers.reason', { reason: application.reason })}</p>}
    </>
  );
}
