import { z, type ZodType } from 'zod';
import type { AnyRoute } from './route';
import { ERROR_STATUS } from '@shared/errors';

const jsonSchema = (schema: ZodType, io: 'input' | 'output' = 'input') => {
  try {
    return z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  } catch {
    return {};
  }
};

/** Query parameters of an object schema, one OpenAPI parameter each. */
function queryParameters(schema: ZodType | undefined) {
  if (!schema) return [];
  const js = jsonSchema(schema) as { properties?: Record<string, object>; required?: string[] };
  return Object.entries(js.properties ?? {}).map(([name, s]) => ({ name, in: 'query', required: js.required?.includes(name) ?? false, schema: s }));
}

/** The OpenAPI 3.1 document, generated from the same route declarations that serve the API. */
export function buildOpenApi(routes: AnyRoute[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const p = `/api${r.path.replace(/:(\w+)/g, '{$1}')}`;
    const responses: Record<string, unknown> = {
      [String(r.success.status ?? 200)]: {
        description: `\`${r.success.code}\``,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Success' } } },
      },
      '400': { description: `\`${r.area}.bad\`: the request does not match the schema`, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
    };
    if (r.auth === 'required') responses['401'] = { description: '`user.tokenExpired` / `user.invalid`' };
    if (r.rateLimit) responses['429'] = { description: '`request.rateLimited`' };
    for (const code of r.errors ?? []) {
      const status = String(ERROR_STATUS[code as keyof typeof ERROR_STATUS] ?? 400);
      const prev = responses[status] as { description?: string } | undefined;
      responses[status] = { description: prev?.description ? `${prev.description}, \`${code}\`` : `\`${code}\`` };
    }
    paths[p] ??= {};
    paths[p][r.method] = {
      tags: [r.tag],
      summary: r.summary,
      security: r.auth === 'required' ? [{ token: [] }] : r.auth === 'optional' ? [{ token: [] }, {}] : [],
      parameters: queryParameters(r.query),
      ...(r.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(r.body) } } } } : {}),
      responses,
      // The scope an application's key needs here (docs/applications.md#scopes); absent: keys may not call it.
      ...(r.auth !== 'none' && (r.method === 'get' || r.appScope) ? { 'x-app-scope': r.method === 'get' ? 'read' : r.appScope } : {}),
      ...(r.captcha ? { description: 'Needs a captcha (`captcha: {captchaType, encryptCaptcha, response}` or the legacy `captcha` + `encryptCaptcha`).' } : {}),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Tribunal public API',
      version,
      description: 'Wire-compatible with the BFBAN API. Every answer is `{success: 1, code, data}` or `{error: 1, code, message}`.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'x-access-token' } },
      schemas: {
        Success: { type: 'object', required: ['success', 'code'], properties: { success: { const: 1 }, code: { type: 'string' }, data: {}, message: { type: 'string' }, total: { type: 'integer' } } },
        Error: { type: 'object', required: ['error', 'code'], properties: { error: { const: 1 }, code: { type: 'string' }, message: {} } },
      },
    },
    paths,
  };
}

export const docsPage = (specUrl: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Tribunal API</title><link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="docs"></div><script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js" data-spec="${specUrl}"></script></body></html>`;

export const docsInit = `const s=document.currentScript.dataset.spec;window.ui=SwaggerUIBundle({url:s,dom_id:'#docs',deepLinking:true});`;
