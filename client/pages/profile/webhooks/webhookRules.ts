import { addWebhookBody } from '@shared/schemas/webhooks';
import { WEBHOOK_EVENTS, WEBHOOK_MAX_PER_USER, type WebhookEvent } from '@shared/webhooks';

/** The add form's rules, checked with the same schema the server uses. */
const fields = addWebhookBody.shape.data.shape;

export const SECRET_MIN = 16;
export const SECRET_MAX = 128;
/** Random bytes in a generated secret: 32 bytes, 64 hex characters. */
export const SECRET_BYTES = 32;

type RandomFill = (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>;

/** A fresh secret from the browser's cryptographic generator, as hex (always within 16-128 characters). */
export function generateSecret(fill: RandomFill = (bytes) => crypto.getRandomValues(bytes)): string {
  const bytes = fill(new Uint8Array(SECRET_BYTES));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The events ticked, after ticking or unticking one: no duplicates, in the order the page lists them. */
export function toggleEvent(selected: readonly WebhookEvent[], event: WebhookEvent, on: boolean): WebhookEvent[] {
  return WEBHOOK_EVENTS.filter((e) => (e === event ? on : selected.includes(e)));
}

/** "All" ticks every event; once all are ticked it clears them. */
export const toggleAllEvents = (selected: readonly WebhookEvent[]): WebhookEvent[] =>
  WEBHOOK_EVENTS.every((e) => selected.includes(e)) ? [] : [...WEBHOOK_EVENTS];

export type UrlProblem = 'required' | 'invalid' | 'tooLong';
export type SecretProblem = 'required' | 'length';
export type EventsProblem = 'required';

export interface WebhookDraft {
  url: string;
  secret: string;
  events: readonly WebhookEvent[];
}

export interface DraftProblems {
  url?: UrlProblem;
  secret?: SecretProblem;
  events?: EventsProblem;
}

/** What keeps a draft from being sent (empty when it may be): each field's first problem. */
export function checkDraft(draft: WebhookDraft): DraftProblems {
  const problems: DraftProblems = {};
  const url = draft.url.trim();
  if (!url) problems.url = 'required';
  else if (url.length > 500) problems.url = 'tooLong';
  else if (!fields.url.safeParse(url).success) problems.url = 'invalid';
  if (!draft.secret) problems.secret = 'required';
  else if (!fields.secret.safeParse(draft.secret).success) problems.secret = 'length';
  if (!draft.events.length) problems.events = 'required';
  return problems;
}

/** Whether the account may add one more (the server allows 5). */
export const canAddMore = (count: number) => count < WEBHOOK_MAX_PER_USER;
