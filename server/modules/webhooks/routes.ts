import { addWebhookBody, deliveriesQuery, webhookIdBody } from '@shared/schemas/webhooks';
import { WEBHOOK_EVENTS } from '@shared/webhooks';
import { defineRoute, type AnyRoute } from '@server/http/route';
import { ok } from '@server/http/envelope';
import { addWebhook, deleteWebhook, deliveriesOf, listWebhooks, ownWebhook, pingWebhook, presentDelivery, presentWebhook } from './service';
import { webhookPolicy } from './policy';

const TAG = 'Webhooks';
const EVENTS = WEBHOOK_EVENTS.join(', ');

export const webhookRoutes: AnyRoute[] = [
  defineRoute({
    method: 'get',
    path: '/user/webhooks',
    tag: TAG,
    summary: 'Your webhooks (bot, dev and root accounts), each with its format, language and the result of its last delivery. Secrets are never returned.',
    area: 'webhooks',
    auth: 'required',
    policy: webhookPolicy.manage,
    success: { code: 'webhooks.ok' },
    errors: ['user.permissionDenied'],
    handler: async ({ user, services }) => {
      return ok('webhooks.ok', (await listWebhooks(services, user.id)).map(presentWebhook));
    },
  }),
  defineRoute({
    method: 'post',
    path: '/user/webhooks/add',
    appScope: 'webhooks',
    tag: TAG,
    summary: `Subscribe a URL to events (${EVENTS}); at most 5 per account. format \`signed\` (the default): each delivery is a JSON POST {id, event, createTime, attempt, data}; \`discord\`, \`slack\` or \`text\`: a short message in \`language\` linking to the case, as a Discord execute-webhook body, a Slack incoming-webhook body or text/plain. Every delivery is signed with x-tribunal-signature: sha256=<HMAC-SHA256 of the raw body with your secret> and retried with backoff until a 2xx.`,
    area: 'webhooks',
    auth: 'required',
    policy: webhookPolicy.manage,
    body: addWebhookBody,
    success: { code: 'webhooks.success', status: 201 },
    errors: ['webhook.exceedMax', 'user.permissionDenied'],
    handler: async ({ user, body, services }) => {
      return ok('webhooks.success', presentWebhook(await addWebhook(services, user, body.data)));
    },
  }),
  defineRoute({
    method: 'post',
    path: '/user/webhooks/delete',
    appScope: 'webhooks',
    tag: TAG,
    summary: 'Remove one of your webhooks (and its delivery history).',
    area: 'webhooks',
    auth: 'required',
    policy: webhookPolicy.manage,
    body: webhookIdBody,
    success: { code: 'webhooks.success' },
    errors: ['webhook.notFound', 'user.permissionDenied'],
    handler: async ({ user, body, services }) => {
      await deleteWebhook(services, user, body.data.id);
      return ok('webhooks.success', { id: body.data.id });
    },
  }),
  defineRoute({
    method: 'post',
    path: '/user/webhooks/ping',
    appScope: 'webhooks',
    tag: TAG,
    summary: 'Send a `ping` event to one of your webhooks now and answer with the delivery’s result.',
    area: 'webhooks',
    auth: 'required',
    policy: webhookPolicy.manage,
    body: webhookIdBody,
    success: { code: 'webhooks.success' },
    errors: ['webhook.notFound', 'user.permissionDenied'],
    handler: async ({ user, body, services }) => {
      const hook = await ownWebhook(services, user, body.data.id);
      return ok('webhooks.success', presentDelivery(await pingWebhook(services, hook)));
    },
  }),
  defineRoute({
    method: 'get',
    path: '/user/webhooks/deliveries',
    tag: TAG,
    summary: 'The deliveries of one of your webhooks, newest first: status (pending, ok, failed), attempts, last HTTP code or error.',
    area: 'webhooks',
    auth: 'required',
    policy: webhookPolicy.manage,
    query: deliveriesQuery,
    success: { code: 'webhooks.ok' },
    errors: ['webhook.notFound', 'user.permissionDenied'],
    handler: async ({ user, query, services }) => {
      await ownWebhook(services, user, query.id);
      const { rows, total } = await deliveriesOf(services, query.id, query.skip, query.limit);
      return ok('webhooks.ok', rows.map(presentDelivery), { total });
    },
  }),
];
