import { z } from 'zod';
import { DEFAULT_WEBHOOK_FORMAT, WEBHOOK_EVENTS, WEBHOOK_FORMATS } from '../webhooks';
import { FALLBACK_LANGUAGE, LANGUAGE_CODES } from '../languages';
import { idParam, limitParam, skipParam } from './common';

export const addWebhookBody = z.object({
  data: z.object({
    url: z.url({ protocol: /^https?$/ }).max(500),
    secret: z.string().min(16).max(128),
    events: z
      .array(z.enum(WEBHOOK_EVENTS))
      .min(1)
      .transform((list) => [...new Set(list)]),
    /** How deliveries are written (shared/webhooks.ts); chat formats are written in `language`. */
    format: z.enum(WEBHOOK_FORMATS).default(DEFAULT_WEBHOOK_FORMAT),
    language: z.enum(LANGUAGE_CODES).default(FALLBACK_LANGUAGE),
  }),
});
export type AddWebhookInput = z.infer<typeof addWebhookBody>['data'];

export const webhookIdBody = z.object({ data: z.object({ id: idParam }) });
export const deliveriesQuery = z.object({ id: idParam, skip: skipParam, limit: limitParam(100, 20) });
