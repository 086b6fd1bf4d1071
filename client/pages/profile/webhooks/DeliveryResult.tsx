import { useTranslation } from 'react-i18next';
import type { WebhookDelivery } from '@client/api/webhooks';
import { Badge, type Tone } from '@client/components/Badge';

const TONES: Record<WebhookDelivery['status'], Tone> = { ok: 'success', failed: 'danger', pending: 'warning' };

/** A delivery's state as a badge: ok, failed (given up) or pending (a retry is due). */
export function StatusBadge({ status }: { status: WebhookDelivery['status'] }) {
  const { t } = useTranslation();
  return <Badge tone={TONES[status]}>{t(`webhooks.status.${status}`)}</Badge>;
}

/** "HTTP 200" and the error, when there is one: what the endpoint answered last. */
export function Answer({ code, error }: { code: number | null; error: string | null }) {
  const { t } = useTranslation();
  if (code === null && !error) return null;
  return (
    <>
      {code !== null && <span data-code={code}>{t('webhooks.httpCode', { code })}</span>}
      {error && <span>{error}</span>}
    </>
  );
}
