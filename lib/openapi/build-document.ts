// The OpenAPI 3.1 document of Sling's API, generated from the operations (lib/openapi/registry.ts)
// and their zod schemas: REST v1, Variant A (/api.php) and Variant B (/api), the three ways to
// authenticate, the rate-limit headers and every error status each route can return.
import { ERROR_STATUS, type ErrorCode } from '../core/errors';
import { ZErrorBody } from '../schemas/common';
import type { AuthScheme, Operation, UploadSpec } from '../http/operation';
import { SchemaCollector, type JsonSchema } from './json-schema';
import { ALL_OPERATIONS } from './registry';
import { PERMISSIONS } from '../tenancy/permissions';

const SECURITY: Record<AuthScheme, Record<string, string[]>> = {
  bearer: { bearerToken: [] },
  session: { sessionCookie: [] },
  admin_session: { sessionCookie: [] },
  token_param: { tokenParameter: [] },
};

/** A token scheme lists the scope the operation needs (OpenAPI 3.1 allows scopes for any scheme). */
function securityOf(scheme: AuthScheme, op: Operation): Record<string, string[]> {
  const scope = op.permission ? PERMISSIONS[op.permission].scope : null;
  if ((scheme === 'bearer' || scheme === 'token_param') && scope) return { [Object.keys(SECURITY[scheme])[0]]: [scope] };
  return SECURITY[scheme];
}

function permissionText(op: Operation): string {
  const { scope, role } = PERMISSIONS[op.permission!];
  const who = `the ${role} role in the workspace`;
  if (!op.auth.includes('bearer') && !op.auth.includes('token_param')) return `Needs ${who}; API tokens cannot call it.`;
  return scope ? `Needs ${who}; an API token needs the \`${scope}\` scope.` : `Needs ${who}; API tokens cannot call it.`;
}

/** On every answer once the request was counted (all successes; errors after authentication). */
const RATE_HEADERS = {
  'X-RateLimit-Limit': { description: 'Requests allowed in the current window.', schema: { type: 'string' } },
  'X-RateLimit-Remaining': { description: 'Requests left in the current window.', schema: { type: 'string' } },
  'X-RateLimit-Reset': { description: 'When the window resets (Unix seconds).', schema: { type: 'string' } },
};
const required = <T extends Record<string, object>>(headers: T) => Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, { ...v, required: true }]));
const RETRY_AFTER = { 'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'string' } } };

/** Every route can fail on our side or with the database away. */
const ALWAYS: ErrorCode[] = ['internal', 'unavailable'];

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: Record<string, unknown>;
  paths: Record<string, Record<string, unknown>>;
  components: Record<string, unknown>;
  [key: string]: unknown;
}

export function buildOpenApiDocument(opts: { serverUrl?: string; version?: string } = {}): OpenApiDocument {
  const schemas = new SchemaCollector();
  const errorRef = schemas.convert(ZErrorBody, 'output');
  const paths: Record<string, Record<string, unknown>> = {};
  for (const group of groupByMethodAndPath(ALL_OPERATIONS)) {
    const op = group[0];
    paths[op.path] ??= {};
    paths[op.path][op.method.toLowerCase()] = group.length === 1 ? operationObject(op, schemas, errorRef) : mergedReads(group, schemas, errorRef);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Sling API',
      version: opts.version ?? '1',
      description:
        'Short links, domains, webhooks and statistics. REST v1 (/api/v1) takes an API token (Authorization: Bearer) or the dashboard session; ' +
        'the compatibility APIs are Variant A (/api.php, bearer token) and Variant B (POST /api, the token as a parameter). ' +
        'Errors are {"error": {"code", "message", "details"}}; a 400 names every bad field in details.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    ...(opts.serverUrl ? { servers: [{ url: opts.serverUrl }] } : {}),
    tags: [...new Set(ALL_OPERATIONS.map((o) => o.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: schemas.components,
      securitySchemes: {
        bearerToken: { type: 'http', scheme: 'bearer', description: 'An API token (Settings → API tokens, or `sling tokens create`).' },
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token', description: 'The dashboard’s session (same-origin requests only).' },
        tokenParameter: {
          type: 'apiKey',
          in: 'query',
          name: 'token',
          description: 'Variant B: the API token as the "token" parameter (query string or JSON body).',
        },
      },
    },
  };
}

function groupByMethodAndPath(ops: Operation[]): Operation[][] {
  const groups = new Map<string, Operation[]>();
  for (const op of ops) {
    const key = `${op.method} ${op.path}`;
    groups.set(key, [...(groups.get(key) ?? []), op]);
  }
  return [...groups.values()];
}

function operationObject(op: Operation, schemas: SchemaCollector, errorRef: JsonSchema): Record<string, unknown> {
  const parameters = [...paramsOf(op.params, 'path', schemas), ...paramsOf(op.query, 'query', schemas)];
  return {
    operationId: op.id,
    summary: op.summary,
    tags: [op.tag],
    ...(op.permission ? { description: permissionText(op) } : {}),
    security: op.auth.length ? op.auth.map((a) => securityOf(a, op)) : [],
    ...(op.permission ? { 'x-required-scope': PERMISSIONS[op.permission].scope, 'x-required-role': PERMISSIONS[op.permission].role } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(op.body ? { requestBody: { required: !op.bodyOptional, content: { 'application/json': { schema: schemas.convert(op.body, 'input') } } } } : {}),
    ...(op.upload ? { requestBody: uploadBody(op.upload) } : {}),
    responses: { ...successResponses(op, schemas), ...errorResponses(op, errorRef) },
  };
}

/** Variant A's reads share GET /api.php; ?action= chooses one, so the answers are oneOf. */
function mergedReads(ops: Operation[], schemas: SchemaCollector, errorRef: JsonSchema): Record<string, unknown> {
  const objects = ops.map((op) => operationObject(op, schemas, errorRef));
  const params = new Map<string, Record<string, unknown>>();
  for (const [i, o] of objects.entries()) {
    for (const p of (o.parameters ?? []) as Array<Record<string, unknown>>) {
      const name = String(p.name);
      if (name === 'action') continue;
      const seen = params.get(name);
      params.set(name, { ...(seen ?? p), required: false, description: `${seen?.description ? `${seen.description} ` : ''}(action=${ops[i].action})`.trim() });
    }
  }
  const action = { name: 'action', in: 'query', required: true, schema: { type: 'string', enum: ops.map((o) => o.action) } };
  const responses: Record<string, unknown> = {};
  for (const o of objects) {
    for (const [status, r] of Object.entries(o.responses as Record<string, Record<string, unknown>>)) {
      const prev = responses[status] as Record<string, unknown> | undefined;
      const schema = (r.content as Record<string, { schema: JsonSchema }> | undefined)?.['application/json']?.schema;
      const prevSchema = (prev?.content as Record<string, { schema: JsonSchema }> | undefined)?.['application/json']?.schema;
      if (!prev || !schema || !prevSchema || status !== '200') responses[status] = prev ?? r;
      else {
        const list = prevSchema.oneOf ? (prevSchema.oneOf as JsonSchema[]) : [prevSchema];
        responses[status] = { ...prev, content: { 'application/json': { schema: { oneOf: [...list, schema] } } } };
      }
    }
  }
  return {
    ...objects[0],
    operationId: 'apiPhpRead',
    summary: 'Read (Variant A): ?action=list, stats or domains',
    description: ops.map((o) => `- action=${o.action}: ${o.summary}`).join('\n'),
    parameters: [action, ...params.values()],
    responses,
  };
}

function paramsOf(schema: Operation['params'], where: 'path' | 'query', schemas: SchemaCollector): Array<Record<string, unknown>> {
  if (!schema) return [];
  const json = schemas.convert(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, s]) => {
    const { description, ...rest } = s;
    return { name, in: where, required: where === 'path' || required.has(name), ...(description ? { description } : {}), schema: rest };
  });
}

function successResponses(op: Operation, schemas: SchemaCollector): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [status, r] of Object.entries(op.responses)) {
    const content = r.schema
      ? { 'application/json': { schema: schemas.convert(r.schema, 'output') } }
      : r.contentType
        ? typeof r.contentType === 'string'
          ? {
              [r.contentType]: { schema: { type: 'string' } },
              ...(r.contentType === 'text/csv' ? { 'application/json': { schema: { type: 'array', items: { type: 'object' } } } } : {}),
            }
          : Object.fromEntries(r.contentType.map((t) => [t, { schema: bytesOf(t) }]))
        : undefined;
    const headers = op.rateLimited === true ? required(RATE_HEADERS) : op.rateLimited === 'tokens' ? RATE_HEADERS : undefined;
    out[status] = { description: r.description, ...(headers ? { headers } : {}), ...(content ? { content } : {}) };
  }
  return out;
}

const BINARY = { type: 'string', format: 'binary' };
/** Text types (CSV, SVG) are strings; images and PDFs are bytes. */
const bytesOf = (type: string) => (/^text\/|\+xml$/.test(type) ? { type: 'string' } : BINARY);

/** A binary body: the bytes themselves in one of its types, or (multipart) the file in its field with text fields beside. */
function uploadBody(upload: UploadSpec): Record<string, unknown> {
  const content: Record<string, unknown> = Object.fromEntries(upload.contentTypes.map((t) => [t, { schema: bytesOf(t) }]));
  if (upload.multipartField) {
    const field = upload.multipartField;
    content['multipart/form-data'] = {
      schema: { type: 'object', properties: { [field]: BINARY }, required: [field], additionalProperties: { type: 'string' } },
    };
  }
  return { required: true, description: `At most ${upload.maxBytes} bytes.`, content };
}

function errorResponses(op: Operation, errorRef: JsonSchema): Record<string, unknown> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of [...op.errors, ...ALWAYS]) byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  const out: Record<string, unknown> = {};
  for (const [status, codes] of [...byStatus.entries()].sort(([a], [b]) => a - b)) {
    const headers = { ...(op.rateLimited ? RATE_HEADERS : {}), ...(status === 429 || status === 503 ? RETRY_AFTER : {}) };
    out[String(status)] = {
      description: `Error: ${codes.map((c) => `\`${c}\``).join(', ')}`,
      ...(Object.keys(headers).length ? { headers } : {}),
      content: { 'application/json': { schema: errorRef } },
      'x-error-codes': codes,
    };
  }
  return out;
}
