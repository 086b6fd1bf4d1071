import { useTranslation } from 'react-i18next';
import { getDeliveries, type Webhook, type WebhookDelivery } from '@client/api/webhooks';
import { Button, ButtonLink } from '@client/components/Button';
import { Card } from '@client/components/Card';
import { DateTime } from '@client/components/DateTime';
import { EmptyState } from '@client/components/EmptyState';
import { Icon } from '@client/components/Icon';
import { Pager } from '@client/components/Pager';
import { usePagerFocus } from '@client/components/usePagerFocus';
import { RemoteList } from '@client/components/RemoteList';
import { Skeleton } from '@client/components/Skeleton';
import { useRemote } from '@client/hooks/useRemote';
import { useFormat } from '@client/i18n/format';
import { WEBHOOK_MAX_ATTEMPTS } from '@shared/webhooks';
import { SectionHeader } from '../SectionHeader';
import { Answer, StatusBadge } from './DeliveryResult';
import { useDescribeWebhookError } from './describeWebhookError';
import styles from './WebhooksPage.module.css';

const DELIVERIES_PAGE_SIZE = 20;

const pretty = (payload: unknown) => JSON.stringify(payload, null, 2);

function DeliveryRow({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <li className={styles.delivery} data-delivery={delivery.id} data-event={delivery.event} data-status={delivery.status}>
      <div className={styles.deliveryHead}>
        <span className={styles.eventName}>{t(`webhooks.events.${delivery.event}.label`)}</span>
        <StatusBadge status={delivery.status} />
        <span className={styles.muted}>#{format.number(delivery.id)}</span>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t('webhooks.deliveries.created')}</dt>
          <dd>
            <DateTime value={delivery.createTime} />
          </dd>
        </div>
        <div>
          <dt>{t('webhooks.deliveries.attempts')}</dt>
          <dd>{t('webhooks.deliveries.attemptsOf', { count: delivery.attempts, formatted: format.number(delivery.attempts), max: WEBHOOK_MAX_ATTEMPTS })}</dd>
        </div>
        {(delivery.lastCode !== null || delivery.lastError) && (
          <div>
            <dt>{t('webhooks.deliveries.answer')}</dt>
            <dd className={styles.answer}>
              <Answer code={delivery.lastCode} error={delivery.lastError} />
            </dd>
          </div>
        )}
        {delivery.deliveredTime && (
          <div>
            <dt>{t('webhooks.deliveries.delivered')}</dt>
            <dd>
              <DateTime value={delivery.deliveredTime} />
            </dd>
          </div>
        )}
        {delivery.nextTime && (
          <div>
            <dt>{t('webhooks.deliveries.next')}</dt>
            <dd>
              <DateTime value={delivery.nextTime} />
            </dd>
          </div>
        )}
      </dl>
      <details className={styles.payload}>
        <summary>{t('webhooks.deliveries.payload')}</summary>
        <pre tabIndex={0} aria-label={t('webhooks.deliveries.payload')}>
          <code>{pretty(delivery.payload)}</code>
        </pre>
      </details>
    </li>
  );
}

/** The deliveries of one webhook, newest first, a page at a time (`?deliveries=<id>&page=<n>`). */
export function DeliveriesView({ id, page, hook }: { id: number; page: number; hook: Webhook | null }) {
  const { t } = useTranslation();
  const describe = useDescribeWebhookError();
  const format = useFormat();
  const remote = useRemote(`${id}:${page}`, (signal) => getDeliveries(id, (page - 1) * DELIVERIES_PAGE_SIZE, DELIVERIES_PAGE_SIZE, signal));
  const total = remote.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / DELIVERIES_PAGE_SIZE));
  const pager = usePagerFocus(page, pageCount, remote.state === 'ready');

  return (
    <>
      <div>
        <ButtonLink to="." variant="ghost" size="sm" className={styles.back}>
          <Icon name="chevronLeft" size={16} />
          {t('webhooks.deliveries.back')}
        </ButtonLink>
      </div>
      <SectionHeader
        title={t('webhooks.deliveries.title')}
        description={remote.state === 'ready' ? t('webhooks.deliveries.count', { count: total, formatted: format.number(total) }) : t('webhooks.deliveries.description')}
      />
      {hook && (
        <p className={styles.deliveriesOf}>
          <Icon name="link" size={16} />
          <code className={styles.url}>{hook.url}</code>
        </p>
      )}
      <Card
        flush
        title={t('webhooks.deliveries.list')}
        id="deliveries"
        actions={
          <Button size="sm" loading={remote.state === 'loading' && !!remote.data} onClick={remote.reload}>
            <Icon name="refresh" size={16} />
            {t('webhooks.deliveries.refresh')}
          </Button>
        }
      >
        <div {...pager.region(t('webhooks.deliveries.title'))}>
          <RemoteList
            remote={remote}
            items={remote.data?.data ?? []}
            failedTitle={t('webhooks.deliveries.failed')}
            describe={describe}
            skeleton={
              <ul className={styles.deliveries} aria-busy="true">
                {[0, 1, 2].map((i) => (
                  <li key={i} className={styles.delivery}>
                    <Skeleton width="40%" height={16} />
                    <Skeleton width="70%" />
                  </li>
                ))}
              </ul>
            }
            keepOnReload
            empty={
              <EmptyState icon="calendar" title={t('webhooks.deliveries.empty')}>
                {t('webhooks.deliveries.emptyText')}
              </EmptyState>
            }
          >
            {(deliveries) => (
              <ul className={styles.deliveries} aria-label={t('webhooks.deliveries.list')}>
                {deliveries.map((delivery) => (
                  <DeliveryRow key={delivery.id} delivery={delivery} />
                ))}
              </ul>
            )}
          </RemoteList>
        </div>
      </Card>
      <Pager page={page} pageCount={pageCount} to={(p) => `?deliveries=${id}${p > 1 ? `&page=${p}` : ''}`} label={t('webhooks.deliveries.pages')} preventScrollReset={false} onGo={pager.go} />
    </>
  );
}
