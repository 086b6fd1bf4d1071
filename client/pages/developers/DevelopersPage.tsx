import { useTranslation } from 'react-i18next';
import { getMyApplications } from '@client/api/applications';
import { useDescribeError } from '@client/api/describeError';
import { Button } from '@client/components/Button';
import { EmptyState } from '@client/components/EmptyState';
import { Skeleton } from '@client/components/Skeleton';
import { useRemote } from '@client/hooks/useRemote';
import { useViewer } from '@client/state/session';
import { ApplicationCard } from './ApplicationCard';
import { RegisterApplicationForm } from './RegisterApplicationForm';
import styles from './DevelopersPage.module.css';

/** /developers — a member's applications: register one, follow its review, make and keep its keys, see its usage. */
export function DevelopersPage() {
  const { t } = useTranslation();
  const describe = useDescribeError();
  const viewer = useViewer();
  const list = useRemote('myApplications', (signal) => getMyApplications(signal));

  return (
    <div className={`container ${styles.page}`}>
      <header>
        <h1>{t('developers.title')}</h1>
        <p className={styles.muted}>{t('developers.lead')}</p>
        <p className={styles.muted}>
          {t('developers.header')} <code>X-Access-Token</code> · <a href="/api/docs">{t('developers.apiDocs')}</a>
        </p>
      </header>
      <section aria-labelledby="developers-mine">
        <h2 id="developers-mine">{t('developers.mine')}</h2>
        {list.state === 'failed' && !list.data ? (
          <EmptyState tone="error" icon="alert" title={t('developers.failed')} action={<Button onClick={list.reload}>{t('common.retry')}</Button>}>
            {describe(list.error)}
          </EmptyState>
        ) : !list.data ? (
          <Skeleton height={120} />
        ) : list.data.data.length === 0 ? (
          <p className={styles.muted}>{t('developers.none')}</p>
        ) : (
          <ul className={styles.list}>
            {list.data.data.map((application) => (
              <ApplicationCard key={application.id} application={application} onChanged={list.reload} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="developers-register">
        <h2 id="developers-register">{t('developers.form.title')}</h2>
        <RegisterApplicationForm isStaff={viewer.isAdmin} onSent={list.reload} />
      </section>
    </div>
  );
}
