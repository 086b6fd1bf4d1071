import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pingWebhook, type Webhook, type WebhookDelivery } from '@client/api/webhooks';
import { Badge, badgeListClass } from '@client/components/Badge';
import { Button, ButtonLink } from '@client/components/Button';
import { DateTime } from '@client/components/DateTime';
import { Icon } from '@client/components/Icon';
import { Notice } from '@client/components/Notice';
import { Answer, StatusBadge } from './DeliveryResult';
import { useDescribeWebhookError } from './describeWebhookError';
import styles from './WebhooksPage.module.css';

/** How the test ping went, right below the webhook it was sent to. */
function PingResult({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = useTranslation();
  const ok = delivery.status === 'ok';
  return (
    <Notice tone={ok ? 'success' : 'danger'} title={ok ? t('webhooks.ping.ok') : t('webhooks.ping.failed')}>
      <span className={styles.answer}>
        <StatusBadge status={delivery.status} />
        <Answer code={delivery.lastCode} error={delivery.lastError} />
      </span>
      {delivery.nextTime && (
        <p className={styles.muted}>
          {t('webhooks.ping.retry')} <DateTime value={delivery.nextTime} />
        </p>
      )}
    </Notice>
  );
}

/** One webhook: where it posts, what it hears, how its last delivery went, and what can be done with it. */
export function WebhookItem({ hook, onPinged, onDelete }: { hook: Webhook; onPinged: () => void; onDelete: (hook: Webhook) => void }) {
  const { t } = useTranslation();
  const describe = useDescribeWebhookError();
  const [pinging, setPinging] = useState(false);
  const [result, setResult] = useState<WebhookDelivery | null>(null);
  const [error, setError] = useState<string | null>(null);

  const ping = async () => {
    setPinging(true);
    setResult(null);
    setError(null);
    try {
      setResult(await pingWebhook(hook.id));
    } catch (e) {
      setError(describe(e));
    } finally {
      setPinging(false);
      // The list shows the new last result (or drops a webhook deleted elsewhere).
      onPinged();
    }
  };

  return (
    <li className={styles.item} data-webhook={hook.id}>
      <div className={styles.itemHead}>
        <Icon name="link" size={16} />
        <code className={styles.url}>{hook.url}</code>
        <Badge>{t(`webhooks.formats.${hook.format}.label`)}</Badge>
        {!hook.active && <Badge tone="warning">{t('webhooks.list.inactive')}</Badge>}
      </div>
      <ul className={badgeListClass} aria-label={t('webhooks.list.events')}>
        {hook.events.map((event) => (
          <li key={event}>
            <Badge tone="accent">{t(`webhooks.events.${event}.label`)}</Badge>
          </li>
        ))}
      </ul>
      <div className={styles.last}>
        <span className={styles.lastLabel}>{t('webhooks.list.last')}</span>
        {hook.lastStatus ? (
          <span className={styles.answer} data-last-status={hook.lastStatus}>
            <StatusBadge status={hook.lastStatus} />
            <Answer code={hook.lastCode} error={hook.lastError} />
            {hook.lastDeliveryTime && (
              <span className={styles.muted}>
                <DateTime value={hook.lastDeliveryTime} relative />
              </span>
            )}
          </span>
        ) : (
          <span className={styles.muted}>{t('webhooks.list.never')}</span>
        )}
      </div>
      <div className={styles.itemActions}>
        <Button size="sm" loading={pinging} onClick={() => void ping()}>
          <Icon name="bolt" size={16} />
          {t('webhooks.ping.send')}
        </Button>
        <ButtonLink size="sm" variant="ghost" to={`?deliveries=${hook.id}`} aria-label={t('webhooks.deliveries.open', { url: hook.url })}>
          <Icon name="calendar" size={16} />
          {t('webhooks.deliveries.title')}
        </ButtonLink>
        <Button size="sm" variant="ghost" className={styles.delete} onClick={() => onDelete(hook)} aria-label={t('webhooks.delete.label', { url: hook.url })}>
          <Icon name="trash" size={16} />
          {t('webhooks.delete.button')}
        </Button>
      </div>
      <div aria-live="polite">
        {result && <PingResult delivery={result} />}
        {error && <Notice tone="danger">{error}</Notice>}
      </div>
    </li>
  );
}
