import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getMyApps, revokeApp, type AppAuthorizationView } from '@client/api/apps';
import { useShowError } from '@client/components/useShowError';
import { Badge } from '@client/components/Badge';
import { Button } from '@client/components/Button';
import { Card } from '@client/components/Card';
import { Dialog } from '@client/components/Dialog';
import { EmptyState } from '@client/components/EmptyState';
import { RemoteList } from '@client/components/RemoteList';
import { Skeleton } from '@client/components/Skeleton';
import { toast } from '@client/components/toast';
import { useRemote } from '@client/hooks/useRemote';
import { useFormat } from '@client/i18n/format';
import { SectionHeader } from '../SectionHeader';
import styles from './AppsPage.module.css';

/** /profile/apps — the apps allowed to read and report for this account, each revocable at once. */
export function AppsPage() {
  const { t } = useTranslation();
  const showError = useShowError();
  const format = useFormat();
  const remote = useRemote('apps', (signal) => getMyApps(signal));
  const [asking, setAsking] = useState<AppAuthorizationView | null>(null);
  const [busy, setBusy] = useState(false);

  const revoke = async () => {
    if (!asking) return;
    setBusy(true);
    try {
      await revokeApp(asking.id);
      toast.success(t('profile.apps.revoked', { app: asking.appName }));
      setAsking(null);
      remote.reload();
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <SectionHeader title={t('profile.section.apps')} description={t('profile.apps.description')} />
      <Card flush>
        <RemoteList
          remote={remote}
          items={remote.data ?? []}
          failedTitle={t('profile.apps.failed')}
          skeleton={
            <div className={styles.loading} aria-busy="true">
              <Skeleton height={56} />
              <Skeleton height={56} />
            </div>
          }
          keepOnReload
          empty={
            <EmptyState icon="link" title={t('profile.apps.none')}>
              {t('profile.apps.noneText')}
            </EmptyState>
          }
        >
          {(apps) => (
            <ul className={styles.list} aria-label={t('profile.section.apps')}>
              {apps.map((app) => (
                <li key={app.id} className={styles.item} data-app={app.id}>
                  <div className={styles.main}>
                    <span className={styles.name}>{app.appName}</span>
                    <code className={styles.domain}>{app.domain}</code>
                    <span className={styles.meta}>
                      {app.state === 'approved'
                        ? t('profile.apps.since', { date: format.dateTime(app.decidedTime ?? app.createTime) })
                        : t('profile.apps.waiting', { date: format.dateTime(app.codeExpires) })}
                    </span>
                  </div>
                  <Badge tone={app.state === 'approved' ? 'success' : 'neutral'}>{t(`appAuth.state.${app.state}`)}</Badge>
                  <Button variant="ghost" size="sm" onClick={() => setAsking(app)}>
                    {t('profile.apps.revoke')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </RemoteList>
      </Card>
      <Dialog
        open={!!asking}
        onClose={() => setAsking(null)}
        title={t('profile.apps.revokeTitle', { app: asking?.appName ?? '' })}
        footer={
          <>
            <Button onClick={() => setAsking(null)}>{t('common.cancel')}</Button>
            <Button variant="danger" loading={busy} onClick={() => void revoke()}>
              {t('profile.apps.revoke')}
            </Button>
          </>
        }
      >
        <p>{t('profile.apps.revokeText')}</p>
      </Dialog>
    </>
  );
}
