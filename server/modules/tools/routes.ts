import { rules } from '@shared/policy';
import { adminToolsQuery, reviewToolBody, setToolBody, submitToolBody, toolsQuery } from '@shared/schemas/tools';
import { limitParam, skipParam } from '@shared/schemas/common';
import { z } from 'zod';
import { defineRoute, type AnyRoute } from '@server/http/route';
import { ok } from '@server/http/envelope';
import { listTools, myTools, reviewTool, setTool, staffTools, submitTool } from './service';
import { toolsPolicy } from './policy';

const TAG = 'Tools';
const pageQuery = z.object({ skip: skipParam, limit: limitParam(50, 20) });

/** The tools directory (the `/apps` screen): read by everyone, filled by members, kept by staff. */
export const toolRoutes: AnyRoute[] = [
  defineRoute({
    method: 'get',
    path: '/tools',
    tag: TAG,
    summary: 'Approved tools of the directory, hot ones first; `tag` filters (official, api, app, bot, web, desktop, bf1, bfv, bf6, guide, qq, admin, or all). Exact total.',
    area: 'tools',
    auth: 'none',
    policy: rules.anyone,
    query: toolsQuery,
    success: { code: 'tools.ok' },
    handler: async ({ query, services }) => {
      const { data, total } = await listTools(services.db, query);
      return ok('tools.ok', data, { total });
    },
  }),
  defineRoute({
    method: 'post',
    path: '/tools/submit',
    tag: TAG,
    summary: 'Submit a tool for the directory (`name`, `description`, `tags`, `getUrl` and/or `websiteUrl`, `icon`): it waits for staff review. At most 3 waiting per member.',
    area: 'toolSubmit',
    auth: 'required',
    policy: toolsPolicy.submit,
    body: submitToolBody,
    success: { code: 'toolSubmit.success', status: 201 },
    errors: ['toolSubmit.tooMany', 'user.needBindEaAccount'],
    handler: async ({ user, body, services }) => ok('toolSubmit.success', await submitTool(services, user, body.data), { status: 201 }),
  }),
  defineRoute({
    method: 'get',
    path: '/tools/mine',
    tag: TAG,
    summary: 'The signed-in member’s submissions with their state (pending, approved, rejected) and the reason of a rejection. Exact total.',
    area: 'tools',
    auth: 'required',
    policy: rules.signedIn,
    query: pageQuery,
    success: { code: 'tools.ok' },
    handler: async ({ user, query, services }) => {
      const { data, total } = await myTools(services.db, user.id, query);
      return ok('tools.ok', data, { total });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/admin/tools',
    tag: TAG,
    summary: 'Staff: the directory by `status` (pending by default, approved, rejected, all), newest first, with submitters and reviews. Exact total.',
    area: 'adminTools',
    auth: 'required',
    policy: toolsPolicy.review,
    query: adminToolsQuery,
    success: { code: 'adminTools.ok' },
    errors: ['user.permissionDenined'],
    handler: async ({ query, services }) => {
      const { data, total } = await staffTools(services.db, query);
      return ok('adminTools.ok', data, { total });
    },
  }),
  defineRoute({
    method: 'post',
    path: '/admin/tools/review',
    tag: TAG,
    summary: 'Staff: approve a tool (it appears in the directory) or reject it with a `reason` its submitter sees. Recorded in the admin log.',
    area: 'toolReview',
    auth: 'required',
    policy: toolsPolicy.review,
    body: reviewToolBody,
    success: { code: 'toolReview.success' },
    errors: ['toolReview.notFound', 'toolReview.bad', 'user.permissionDenined'],
    handler: async ({ user, body, services }) => ok('toolReview.success', await reviewTool(services, user, body.data)),
  }),
  defineRoute({
    method: 'post',
    path: '/admin/tools/set',
    tag: TAG,
    summary: 'Staff: edit a tool’s fields, mark it `hot`, or `delete` it. Recorded in the admin log.',
    area: 'toolSet',
    auth: 'required',
    policy: toolsPolicy.review,
    body: setToolBody,
    success: { code: 'toolSet.success' },
    errors: ['toolSet.notFound', 'toolSet.bad', 'user.permissionDenined'],
    handler: async ({ user, body, services }) => ok('toolSet.success', await setTool(services, user, body.data)),
  }),
];
