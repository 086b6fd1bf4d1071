import { and, eq, sql } from 'drizzle-orm';
import type { WebhookEvent } from '@shared/webhooks';
import { webhookDeliveries, webhooks } from '@server/db/schema';
import type { Recorder } from '@server/db/outbox';
import type { JobRunner } from '@server/infra/jobs/types';
import type { CaseChangeSubscriber } from '@server/core/case-changes';

/**
 * Writes one delivery per subscribed webhook inside the change's transaction (so an event is
 * never sent for a change that rolled back, nor lost for one that committed) and queues the
 * sends after commit; the sweep picks up any queueing that did not happen.
 */
export async function queueWebhookEvent(r: Recorder, jobs: JobRunner, event: WebhookEvent, data: Record<string, unknown>) {
  const hooks = await r.tx
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(and(eq(webhooks.active, true), sql`${webhooks.events} @> ${JSON.stringify([event])}::jsonb`));
  if (!hooks.length) return;
  const at = new Date();
  const rows = await r.tx
    .insert(webhookDeliveries)
    .values(hooks.map((h) => ({ webhookId: h.id, event, payload: data, nextTime: at, createTime: at })))
    .returning({ id: webhookDeliveries.id });
  r.afterCommit(async () => {
    for (const d of rows) await jobs.enqueue('webhook.deliver', { deliveryId: d.id }, { jobId: `${d.id}-0` });
  });
}

/** A case created or whose status changed is a `stateChange` event for the webhooks that asked for it. */
export const stateChangeWebhooksFollowCases: CaseChangeSubscriber = async ({ services, r, before, after, record, created, statusChanged, stateChange }) => {
  if (created || statusChanged) await queueWebhookEvent(r, services.jobs, 'stateChange', { case: record, from: created ? null : before.status, to: after.status, ...stateChange });
};
