import { and, count, desc, eq } from 'drizzle-orm';
import { WEBHOOK_MAX_PER_USER } from '@shared/webhooks';
import type { AddWebhookInput } from '@shared/schemas/webhooks';
import { users, webhookDeliveries, webhooks, type WebhookDeliveryRow, type WebhookRow } from '@server/db/schema';
import type { Services } from '@server/core/services';
import type { AuthedUser } from '@server/core/authed-user';
import { AppError } from '@server/app-error';
import { inTransaction } from '@server/db/outbox';
import { deliverWebhook } from './deliver';

/** What the owner sees of a subscription: never the secret. */
export const presentWebhook = (w: WebhookRow) => ({
  id: w.id,
  url: w.url,
  events: w.events,
  format: w.format,
  language: w.language,
  active: w.active,
  createTime: w.createTime.toISOString(),
  lastDeliveryTime: w.lastDeliveryTime?.toISOString() ?? null,
  lastStatus: w.lastStatus,
  lastCode: w.lastCode,
  lastError: w.lastError,
});

export const presentDelivery = (d: WebhookDeliveryRow) => ({
  id: d.id,
  event: d.event,
  status: d.status,
  attempts: d.attempts,
  lastCode: d.lastCode,
  lastError: d.lastError,
  createTime: d.createTime.toISOString(),
  deliveredTime: d.deliveredTime?.toISOString() ?? null,
  nextTime: d.status === 'pending' ? d.nextTime.toISOString() : null,
  payload: d.payload,
});

export async function addWebhook(services: Services, user: AuthedUser, input: AddWebhookInput) {
  return inTransaction(services, async ({ tx }) => {
    // Counted under a lock on the user's own row (their webhooks may not exist yet to lock): two
    // simultaneous adds cannot pass the limit together.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(webhooks).where(eq(webhooks.userId, user.id));
    if (Number(n) >= WEBHOOK_MAX_PER_USER) throw new AppError('webhook.exceedMax', `at most ${WEBHOOK_MAX_PER_USER} webhooks per account`);
    const [row] = await tx.insert(webhooks).values({ userId: user.id, url: input.url, secret: input.secret, events: input.events, format: input.format, language: input.language }).returning();
    return row!;
  });
}

export async function ownWebhook(services: Services, user: AuthedUser, id: number) {
  const [row] = await services.db.select().from(webhooks).where(and(eq(webhooks.id, id), eq(webhooks.userId, user.id)));
  if (!row) throw new AppError('webhook.notFound');
  return row;
}

export const listWebhooks = (services: Services, userId: number) => services.db.select().from(webhooks).where(eq(webhooks.userId, userId)).orderBy(desc(webhooks.id));

export async function deleteWebhook(services: Services, user: AuthedUser, id: number) {
  await ownWebhook(services, user, id);
  await services.db.delete(webhooks).where(eq(webhooks.id, id));
}

export async function deliveriesOf(services: Services, webhookId: number, skip: number, limit: number) {
  const [rows, [total]] = await Promise.all([
    services.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, webhookId)).orderBy(desc(webhookDeliveries.id)).limit(limit).offset(skip),
    services.db.select({ n: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, webhookId)),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** A `ping` to one webhook, sent at once (its delivery as it ended), so its owner can check the endpoint and the signature. */
export async function pingWebhook(services: Services, hook: WebhookRow) {
  const [row] = await services.db
    .insert(webhookDeliveries)
    .values({ webhookId: hook.id, event: 'ping', payload: { webhookId: hook.id, events: hook.events } })
    .returning({ id: webhookDeliveries.id });
  await deliverWebhook(services, row!.id);
  const [delivered] = await services.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, row!.id));
  return delivered!;
}
