import type { TFunction } from 'i18next';
import type { WebhookFormat } from '@shared/webhooks';
import { chatMessage } from './chat-message';
import { discordMessage } from './discord';
import { slackMessage } from './slack';
import { plainTextMessage } from './plain-text';

export interface DeliveryToRender {
  id: number;
  event: string;
  createTime: Date;
  attempts: number;
  payload: Record<string, unknown>;
}

/** The body of one delivery as its webhook's format writes it, and its content type. */
export function renderDelivery(format: WebhookFormat, d: DeliveryToRender, t: TFunction, publicUrl: string): { contentType: string; body: string } {
  if (format === 'signed') {
    return { contentType: 'application/json', body: JSON.stringify({ id: d.id, event: d.event, createTime: d.createTime.toISOString(), attempt: d.attempts, data: d.payload }) };
  }
  const message = chatMessage(t, publicUrl, d);
  if (format === 'discord') return { contentType: 'application/json', body: JSON.stringify(discordMessage(message)) };
  if (format === 'slack') return { contentType: 'application/json', body: JSON.stringify(slackMessage(message)) };
  return { contentType: 'text/plain; charset=utf-8', body: plainTextMessage(message) };
}
