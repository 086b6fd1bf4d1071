import type { WebhookEvent, WebhookFormat } from '@shared/webhooks';
import type { LanguageCode } from '@shared/languages';
import { api } from './client';

/** Webhooks of bot, dev and root accounts (server/modules/webhooks). */

export type DeliveryResult = 'ok' | 'failed';

/** GET /user/webhooks: one subscription as its owner sees it (never its secret). */
export interface Webhook {
  id: number;
  url: string;
  events: WebhookEvent[];
  /** How deliveries are written: our signed JSON, or a Discord, Slack or plain-text chat message. */
  format: WebhookFormat;
  /** The language chat messages are written in. */
  language: LanguageCode;
  active: boolean;
  createTime: string;
  lastDeliveryTime: string | null;
  lastStatus: DeliveryResult | null;
  lastCode: number | null;
  lastError: string | null;
}

/** One POST to a webhook: `pending` until it is answered with a 2xx (ok) or given up (failed). */
export interface WebhookDelivery {
  id: number;
  /** A subscribed event, or `ping` for a test sent from the page. */
  event: WebhookEvent | 'ping';
  status: 'pending' | DeliveryResult;
  attempts: number;
  lastCode: number | null;
  lastError: string | null;
  createTime: string;
  deliveredTime: string | null;
  /** When the next attempt is due (pending deliveries only). */
  nextTime: string | null;
  payload: unknown;
}

export interface NewWebhook {
  url: string;
  secret: string;
  events: WebhookEvent[];
  format: WebhookFormat;
  language: LanguageCode;
}

export const getWebhooks = (signal?: AbortSignal) => api.get<Webhook[]>('/user/webhooks', undefined, { signal, fresh: true });

export const addWebhook = (data: NewWebhook) => api.post<Webhook>('/user/webhooks/add', { data });

export const deleteWebhook = (id: number) => api.post<{ id: number }>('/user/webhooks/delete', { data: { id } });

/** Sends a `ping` at once and answers with how it went. */
export const pingWebhook = (id: number) => api.post<WebhookDelivery>('/user/webhooks/ping', { data: { id } });

export const getDeliveries = (id: number, skip: number, limit: number, signal?: AbortSignal) =>
  api.getList<WebhookDelivery>('/user/webhooks/deliveries', { id, skip, limit }, { signal, fresh: true });
