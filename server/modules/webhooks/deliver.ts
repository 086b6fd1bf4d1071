import crypto from 'node:crypto';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { WEBHOOK_FORMATS, WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_DELAYS_MS, WEBHOOK_SIGNATURE_HEADER, type WebhookFormat } from '@shared/webhooks';
import { webhookDeliveries, webhooks } from '@server/db/schema';
import type { Services } from '@server/core/services';
import { outboundRequest } from '@server/infra/outbound';
import { renderDelivery } from './formats/render';

const TIMEOUT_MS = 10_000;
/** A claimed delivery is hidden from other runners this long (longer than one attempt can take). */
const LEASE_MS = 60_000;

const signBody = (secret: string, body: string) => `sha256=${crypto.createHmac('sha256', secret).update(body).digest('hex')}`;

export type DeliveryOutcome = 'ok' | 'retry' | 'failed' | 'skipped';

/**
 * Sends one delivery: claimed with a lease so one runner sends it at a time, POSTed with an HMAC
 * signature of the exact body (written in the webhook's format), then marked ok, rescheduled with backoff, or given up.
 */
export async function deliverWebhook(services: Services, deliveryId: number): Promise<DeliveryOutcome> {
  const { db } = services;
  const now = new Date();
  const [claimed] = await db
    .update(webhookDeliveries)
    .set({ nextTime: new Date(now.getTime() + LEASE_MS), attempts: sql`${webhookDeliveries.attempts} + 1` })
    // Due by the database's clock, with a second of slack: a row written a moment ago carries the
    // database's time rounded to the millisecond, which may lie just after this process's `now`.
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextTime, sql`now() + interval '1 second'`)))
    .returning();
  if (!claimed) return 'skipped';
  const [hook] = await db.select().from(webhooks).where(eq(webhooks.id, claimed.webhookId));
  if (!hook) return 'skipped';

  const format: WebhookFormat = (WEBHOOK_FORMATS as readonly string[]).includes(hook.format) ? (hook.format as WebhookFormat) : 'signed';
  const { contentType, body } = renderDelivery(format, claimed, services.i18n.t(hook.language), services.config.publicUrl);
  let code: number | null = null;
  let error: string | null = null;
  try {
    // SSRF-safe: the name resolved once, private, loopback, link-local and metadata addresses refused
    // (loopback only when a test allows it), no redirects followed, a time limit.
    const res = await outboundRequest(hook.url, {
      method: 'POST',
      allowHttp: true,
      allowLoopback: services.config.webhooks.allowLoopback,
      ignoreBody: true,
      maxBytes: 0,
      timeoutMs: TIMEOUT_MS,
      headers: {
        'content-type': contentType,
        'user-agent': 'Tribunal-Webhook/1',
        'x-tribunal-event': claimed.event,
        'x-tribunal-delivery': String(claimed.id),
        [WEBHOOK_SIGNATURE_HEADER]: signBody(hook.secret, body),
      },
      body,
    });
    code = res.status;
    if (code < 200 || code >= 300) error = `answered HTTP ${code}`;
  } catch (e) {
    error = e instanceof Error ? (e.cause instanceof Error ? `${e.message}: ${e.cause.message}` : e.message) : String(e);
  }

  const done = new Date();
  const giveUp = !!error && claimed.attempts >= WEBHOOK_MAX_ATTEMPTS;
  const retryIn = error && !giveUp ? WEBHOOK_RETRY_DELAYS_MS[claimed.attempts - 1]! : null;
  const status = !error ? 'ok' : giveUp ? 'failed' : 'pending';
  await db
    .update(webhookDeliveries)
    .set({ status, lastCode: code, lastError: error, deliveredTime: error ? null : done, nextTime: retryIn ? new Date(done.getTime() + retryIn) : done })
    .where(eq(webhookDeliveries.id, claimed.id));
  await db.update(webhooks).set({ lastDeliveryTime: done, lastStatus: error ? 'failed' : 'ok', lastCode: code, lastError: error }).where(eq(webhooks.id, hook.id));
  if (retryIn) await services.jobs.enqueue('webhook.deliver', { deliveryId: claimed.id }, { delayMs: retryIn, jobId: `${claimed.id}-${claimed.attempts}` });
  return !error ? 'ok' : giveUp ? 'failed' : 'retry';
}

/** Sends every delivery that is due (lost jobs, restarts); returns how many were tried. */
export async function sweepWebhookDeliveries(services: Services): Promise<number> {
  const due = await services.db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextTime, new Date())))
    .orderBy(asc(webhookDeliveries.nextTime))
    .limit(100);
  let tried = 0;
  for (const d of due) if ((await deliverWebhook(services, d.id)) !== 'skipped') tried++;
  return tried;
}
