import { z } from 'zod';
import { WEBHOOK_EVENTS } from '../webhooks';
import { idParam, limitParam, skipParam } from './common';

export const addWebhookBody = z.object({
  data: z.object({
    url: z.url({ protocol: /^https?$/ }).max(500),
    secret: z.string().min(16).max(128),
    events: z
      .array(z.enum(WEBHOOK_EVENTS))
      .min(1)
      .transform((list) => [...new Set(list)]),
  }),
});
export type AddWebhookInput = z.infer<typeof addWebhookBody>['data'];

export const webhookIdBody = z.object({ data: z.object({ id: idParam }) });
export const deliveriesQuery = z.object({ id: idParam, skip: skipParam, limit: limitParam(100, 20) });
