/** Webhooks for bots (the original's were never sent): what can be subscribed, by whom, how many. */
import { hasAny } from './privileges';

export const WEBHOOK_EVENTS = ['stateChange', 'report', 'banAppeal', 'playerUpdate', 'register'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

const WEBHOOK_ROLES = ['bot', 'dev', 'root'] as const;
export const mayUseWebhooks = (roles: readonly string[]) => hasAny(roles, WEBHOOK_ROLES);
export const WEBHOOK_MAX_PER_USER = 5;
/** Attempts before a delivery is given up, and the wait before each retry. */
export const WEBHOOK_RETRY_DELAYS_MS = [10_000, 60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000] as const;
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;
/** The header carrying `sha256=<hex HMAC of the raw body with the subscription's secret>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'x-tribunal-signature';

/**
 * How a webhook's deliveries are written: our signed JSON envelope (the default), a Discord
 * execute-webhook message, a Slack incoming-webhook message, or a plain-text chat message. Every
 * format is signed the same way and sent, retried and logged alike.
 */
export const WEBHOOK_FORMATS = ['signed', 'discord', 'slack', 'text'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];
export const DEFAULT_WEBHOOK_FORMAT: WebhookFormat = 'signed';
