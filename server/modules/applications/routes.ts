import { z } from 'zod';
import { adminApplicationsQuery, applicationUsageQuery, createKeyBody, registerApplicationBody, reviewApplicationBody, revokeKeyBody, rotateKeyBody } from '@shared/schemas/applications';
import { defineRoute, type AnyRoute } from '@server/http/route';
import { ok } from '@server/http/envelope';
import { applicationsPolicy } from './policy';
import { myApplications, ownApplication, registerApplication } from './register';
import { reviewApplication, staffApplications } from './review';
import { createKey, revokeKey, rotateKey } from './keys';
import { readUsage } from './usage';
import { applicationById } from './queries';

const TAG = 'Applications';

/** Applications and their keys (the `/developers` screen), and their review by staff (docs/applications.md). */
export const applicationRoutes: AnyRoute[] = [
  defineRoute({
    method: 'post',
    path: '/developers/applications',
    tag: TAG,
    summary: 'Register an application (`name`, `purpose`, `homepage`, `contact`, `scopes`: read, report, reply, appeal, judge for staff bots, webhooks); it waits for staff review. At most 3 waiting per member.',
    area: 'applicationRegister',
    auth: 'required',
    policy: applicationsPolicy.owner,
    body: registerApplicationBody,
    success: { code: 'applicationRegister.success', status: 201 },
    errors: ['applicationRegister.tooMany', 'applicationRegister.staffOnly'],
    handler: async ({ user, body, services }) => ok('applicationRegister.success', await registerApplication(services, user, body.data), { status: 201 }),
  }),
  defineRoute({
    method: 'get',
    path: '/developers/applications',
    tag: TAG,
    summary: 'The signed-in member’s applications, newest first, with their review and their keys (never a key’s secret).',
    area: 'applications',
    auth: 'required',
    policy: applicationsPolicy.owner,
    query: z.object({}),
    success: { code: 'applications.ok' },
    handler: async ({ user, services }) => {
      const { data, total } = await myApplications(services, user.id);
      return ok('applications.ok', data, { total });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/developers/applications/usage',
    tag: TAG,
    summary: 'Requests and writes of one of the member’s applications per day (UTC) and endpoint, the last 30 days.',
    area: 'application',
    auth: 'required',
    policy: applicationsPolicy.owner,
    query: applicationUsageQuery,
    success: { code: 'application.ok' },
    errors: ['application.notFound'],
    handler: async ({ user, query, services }) => {
      await ownApplication(services, user.id, query.id);
      return ok('application.ok', await readUsage(services, query.id));
    },
  }),
  defineRoute({
    method: 'post',
    path: '/developers/keys',
    tag: TAG,
    summary: 'A new key of an approved application (`applicationId`, `name`, `scopes` within the granted ones). The answer holds the key’s `secret`, shown this once. At most 2 live keys.',
    area: 'appKey',
    auth: 'required',
    policy: applicationsPolicy.owner,
    body: createKeyBody,
    success: { code: 'appKey.success', status: 201 },
    errors: ['application.notFound', 'appKey.notApproved', 'appKey.tooMany'],
    handler: async ({ user, body, services }) => ok('appKey.success', await createKey(services, user, body.data), { status: 201 }),
  }),
  defineRoute({
    method: 'post',
    path: '/developers/keys/rotate',
    tag: TAG,
    summary: 'Rotate a key: a new one (its `secret` shown once) with the same name and scopes; the old one keeps working for 24 hours.',
    area: 'appKey',
    auth: 'required',
    policy: applicationsPolicy.owner,
    body: rotateKeyBody,
    success: { code: 'appKey.success', status: 201 },
    errors: ['appKey.notFound', 'appKey.notApproved', 'appKey.tooMany'],
    handler: async ({ user, body, services }) => ok('appKey.success', await rotateKey(services, user, body.data.id), { status: 201 }),
  }),
  defineRoute({
    method: 'post',
    path: '/developers/keys/revoke',
    tag: TAG,
    summary: 'Revoke a key: it stops at once.',
    area: 'appKey',
    auth: 'required',
    policy: applicationsPolicy.owner,
    body: revokeKeyBody,
    success: { code: 'appKey.success' },
    errors: ['appKey.notFound'],
    handler: async ({ user, body, services }) => ok('appKey.success', await revokeKey(services, user, body.data.id)),
  }),
  defineRoute({
    method: 'get',
    path: '/admin/applications',
    tag: TAG,
    summary: 'Staff: applications by `status` (pending by default, approved, refused, suspended, all), newest first, with owners, bot accounts and keys. Exact total.',
    area: 'adminApplications',
    auth: 'required',
    policy: applicationsPolicy.review,
    query: adminApplicationsQuery,
    success: { code: 'adminApplications.ok' },
    errors: ['user.permissionDenined'],
    handler: async ({ query, services }) => {
      const { data, total } = await staffApplications(services, query);
      return ok('adminApplications.ok', data, { total });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/admin/applications/usage',
    tag: TAG,
    summary: 'Staff: an application’s requests and writes per day and endpoint, the last 30 days.',
    area: 'application',
    auth: 'required',
    policy: applicationsPolicy.review,
    query: applicationUsageQuery,
    success: { code: 'application.ok' },
    errors: ['application.notFound', 'user.permissionDenined'],
    handler: async ({ query, services }) => {
      await applicationById(services.db, query.id);
      return ok('application.ok', await readUsage(services, query.id));
    },
  }),
  defineRoute({
    method: 'post',
    path: '/admin/applications/review',
    tag: TAG,
    summary: 'Staff: approve an application (granting the `scopes` it asked, or fewer; it gets its bot account), refuse it or suspend it with a `reason` its owner sees. Recorded in the admin log.',
    area: 'applicationReview',
    auth: 'required',
    policy: applicationsPolicy.review,
    body: reviewApplicationBody,
    success: { code: 'applicationReview.success' },
    errors: ['applicationReview.notFound', 'applicationReview.bad', 'user.permissionDenined'],
    handler: async ({ user, body, services }) => ok('applicationReview.success', await reviewApplication(services, user, body.data)),
  }),
];
