import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { mayUseWebhooks, WEBHOOK_MAX_ATTEMPTS, WEBHOOK_MAX_PER_USER, WEBHOOK_RETRY_DELAYS_MS, WEBHOOK_SIGNATURE_HEADER } from '@shared/webhooks';
import { deleteWebhook, getWebhooks, type Webhook } from '@client/api/webhooks';
import { Button } from '@client/components/Button';
import { Card } from '@client/components/Card';
import { Dialog } from '@client/components/Dialog';
import { EmptyState } from '@client/components/EmptyState';
import { RemoteList } from '@client/components/RemoteList';
import { Skeleton } from '@client/components/Skeleton';
import { toast } from '@client/components/toast';
import { useRemote } from '@client/hooks/useRemote';
import { useViewer } from '@client/state/session';
import { SectionHeader } from '../SectionHeader';
import { AddWebhookForm } from './AddWebhookForm';
import { DeliveriesView } from './DeliveriesView';
import { WebhookItem } from './WebhookItem';
import { useDescribeWebhookError } from './describeWebhookError';
import styles from './WebhooksPage.module.css';

/** "10 s", "1 min", "2 h": a retry delay in the largest unit that divides it. */
function delayText(t: TFunction, ms: number) {
  if (ms % 3_600_000 === 0) return t('webhooks.signature.hours', { count: ms / 3_600_000 });
  if (ms % 60_000 === 0) return t('webhooks.signature.minutes', { count: ms / 60_000 });
  return t('webhooks.signature.seconds', { count: ms / 1000 });
}

/** How to check that a POST came from Tribunal, and what happens when the endpoint fails. */
function SignatureHelp() {
  const { t } = useTranslation();
  const example = `${WEBHOOK_SIGNATURE_HEADER}: sha256=<hex HMAC-SHA256(secret, raw body)>`;
  return (
    <Card title={t('webhooks.signature.title')} id="webhook-signature">
      <div className={styles.help}>
        <p>{t('webhooks.signature.body')}</p>
        <pre className={styles.code} tabIndex={0} aria-label={t('webhooks.signature.header')}>
          <code>{example}</code>
        </pre>
        <p>{t('webhooks.signature.verify')}</p>
        <p>{t('webhooks.signature.retries', { count: WEBHOOK_MAX_ATTEMPTS, delays: WEBHOOK_RETRY_DELAYS_MS.map((ms) => delayText(t, ms)).join(', ') })}</p>
        <p className={styles.muted}>{t('webhooks.signature.headers')}</p>
      </div>
    </Card>
  );
}

function ListSkeleton() {
  return (
    <ul className={styles.list} aria-busy="true">
      {[0, 1].map((i) => (
        <li key={i} className={styles.item}>
          <Skeleton width="60%" height={16} />
          <Skeleton width="35%" />
          <Skeleton width="45%" />
        </li>
      ))}
    </ul>
  );
}

/**
 * /profile/webhooks — bot, dev and root accounts subscribe URLs to the site's events: the list
 * with each one's last result, the add form, test pings and (`?deliveries=<id>`) each one's deliveries.
 */
export function WebhooksPage() {
  const { t } = useTranslation();
  const { privileges } = useViewer();
  const describe = useDescribeWebhookError();
  const [params] = useSearchParams();
  const allowed = mayUseWebhooks(privileges);
  const remote = useRemote(allowed ? 'webhooks' : null, (signal) => getWebhooks(signal));
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [busy, setBusy] = useState(false);

  if (!allowed) {
    return (
      <>
        <SectionHeader title={t('webhooks.section')} description={t('webhooks.description')} />
        <Card>
          <EmptyState icon="lock" title={t('webhooks.notAllowed')}>
            {t('webhooks.notAllowedText')}
          </EmptyState>
        </Card>
      </>
    );
  }

  const deliveriesOf = Number(params.get('deliveries'));
  if (Number.isInteger(deliveriesOf) && deliveriesOf > 0) {
    const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
    return <DeliveriesView id={deliveriesOf} page={page} hook={remote.data?.find((h) => h.id === deliveriesOf) ?? null} />;
  }

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteWebhook(deleting.id);
      toast.success(t('webhooks.delete.done'));
      setDeleting(null);
      remote.reload();
    } catch (error) {
      toast.error(describe(error));
    } finally {
      setBusy(false);
    }
  };

  const hooks = remote.data ?? [];
  return (
    <>
      <SectionHeader title={t('webhooks.section')} description={t('webhooks.description')} />
      <Card title={t('webhooks.list.title')} description={t('webhooks.list.count', { count: hooks.length, max: WEBHOOK_MAX_PER_USER })} id="webhooks" flush>
        <RemoteList
          remote={remote}
          items={hooks}
          failedTitle={t('webhooks.list.failed')}
          describe={describe}
          skeleton={<ListSkeleton />}
          keepOnReload
          empty={
            <EmptyState icon="link" title={t('webhooks.list.empty')}>
              {t('webhooks.list.emptyText')}
            </EmptyState>
          }
        >
          {(items) => (
            <ul className={styles.list} aria-label={t('webhooks.list.title')}>
              {items.map((hook) => (
                <WebhookItem key={hook.id} hook={hook} onPinged={remote.reload} onDelete={setDeleting} />
              ))}
            </ul>
          )}
        </RemoteList>
      </Card>
      <Card title={t('webhooks.form.title')} description={t('webhooks.form.description')} id="add-webhook">
        {remote.data ? <AddWebhookForm count={hooks.length} onAdded={remote.reload} /> : remote.state === 'loading' && <Skeleton height={120} />}
      </Card>
      <SignatureHelp />
      <Dialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('webhooks.delete.title')}
        footer={
          <>
            <Button onClick={() => setDeleting(null)}>{t('common.cancel')}</Button>
            <Button variant="danger" loading={busy} onClick={() => void confirmDelete()}>
              {t('webhooks.delete.confirm')}
            </Button>
          </>
        }
      >
        <p>{t('webhooks.delete.text')}</p>
        {deleting && <code className={styles.url}>{deleting.url}</code>}
      </Dialog>
    </>
  );
}
