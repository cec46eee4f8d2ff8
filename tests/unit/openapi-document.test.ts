// The OpenAPI 3.1 document: valid (swagger-parser), one operation per declared route, the three
// authentication schemes, the rate-limit headers and the error statuses of each operation; what /docs
// (Scalar) reads from it: realistic examples, each valid for its schema, and a type on every schema of
// a component; the DNS records and the certificate of a domain typed as the serializers write them.
import SwaggerParser from '@apidevtools/swagger-parser';
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, test } from 'vitest';
import type { z } from 'zod';
import type { DomainRow } from '../../db/schema';
import type { CertificateJson } from '../../lib/acme/find-certificate';
import { serializeDomain, type DomainJson } from '../../lib/domains/serialize-domain';
import { ERROR_STATUS } from '../../lib/core/errors';
import { buildOpenApiDocument } from '../../lib/openapi/build-document';
import { ALL_OPERATIONS } from '../../lib/openapi/registry';
import type { ZCertificate, ZDomainDetail } from '../../lib/domains/domain-schema';

const doc = buildOpenApiDocument({ serverUrl: 'https://sling.example' });
type Op = {
  operationId: string;
  security: unknown[];
  responses: Record<string, { headers?: Record<string, unknown>; 'x-error-codes'?: string[] }>;
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: unknown;
  'x-required-scope'?: string | null;
  'x-required-role'?: string;
  description?: string;
};
const opOf = (method: string, path: string) => (doc.paths[path] as Record<string, Op>)[method.toLowerCase()];

describe('the OpenAPI document', () => {
  test('is a valid OpenAPI 3.1 document', async () => {
    const api = await SwaggerParser.validate(structuredClone(doc) as never);
    expect((api as { openapi: string }).openapi).toBe('3.1.0');
  });

  test('describes every operation, with its parameters and body', () => {
    for (const op of ALL_OPERATIONS) {
      const o = opOf(op.method, op.path);
      expect(o, `${op.method} ${op.path}`).toBeDefined();
      for (const name of op.path.match(/\{(\w+)\}/g) ?? [])
        expect(
          o.parameters?.some((p) => p.in === 'path' && `{${p.name}}` === name),
          `${op.id} ${name}`,
        ).toBe(true);
      if (op.body) expect(o.requestBody, op.id).toBeDefined();
      for (const status of Object.keys(op.responses)) expect(o.responses[status], `${op.id} ${status}`).toBeDefined();
    }
    expect(opOf('GET', '/api/v1/links').parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['q', 'sort', 'tag', 'limit', 'offset']));
    expect(opOf('GET', '/api.php').parameters?.find((p) => p.name === 'action')).toMatchObject({
      required: true,
      schema: { enum: ['list', 'stats', 'domains'] },
    });
  });

  test('names the three ways to authenticate, per operation, with the scope a token needs', () => {
    expect(Object.keys((doc.components as { securitySchemes: object }).securitySchemes).sort()).toEqual(['bearerToken', 'sessionCookie', 'tokenParameter']);
    expect(opOf('GET', '/api/v1/links').security).toEqual([{ bearerToken: ['links:read'] }, { sessionCookie: [] }]);
    expect(opOf('POST', '/api/v1/links')).toMatchObject({
      'x-required-scope': 'links:write',
      'x-required-role': 'member',
      description: expect.stringContaining('`links:write`'),
    });
    expect(opOf('POST', '/api/v1/domains')).toMatchObject({ 'x-required-scope': 'domains:write', 'x-required-role': 'admin' });
    expect(opOf('POST', '/api/v1/tokens').security).toEqual([{ bearerToken: ['tokens:write'] }, { sessionCookie: [] }]);
    expect(opOf('POST', '/api/v1/tokens/{id}/rotate').security).toEqual([{ sessionCookie: [] }]);
    expect(opOf('POST', '/api.php').security).toEqual([{ bearerToken: ['links:write'] }]);
    expect(opOf('POST', '/api').security).toEqual([{ tokenParameter: ['links:write'] }]);
    // Every operation a token may call states the scope it needs.
    for (const op of ALL_OPERATIONS.filter((o) => o.auth.includes('bearer') && o.permission)) {
      expect(opOf(op.method, op.path)['x-required-scope'], op.id).toBeDefined();
    }
    expect(opOf('GET', '/api/v1/openapi.json').security).toEqual([]);
  });

  test('every error status each operation can return, with the codes and the rate-limit headers', () => {
    for (const op of ALL_OPERATIONS) {
      const o = opOf(op.method, op.path);
      for (const code of [...op.errors, 'internal', 'unavailable'] as const) {
        const r = o.responses[String(ERROR_STATUS[code])];
        expect(r?.['x-error-codes'], `${op.id} ${code}`).toContain(code);
      }
      // The admin console answers 404 to anyone but an instance admin: it has no 401.
      if (op.auth.includes('admin_session'))
        expect([o.responses['401'], o.responses['404']?.['x-error-codes']], op.id).toEqual([undefined, expect.arrayContaining(['not_found'])]);
      else if (op.auth.length) expect(o.responses['401'], `${op.id} 401`).toBeDefined();
      if (op.rateLimited) {
        expect(Object.keys(o.responses['429'].headers ?? {}), op.id).toEqual(
          expect.arrayContaining(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After']),
        );
        const success = Object.keys(op.responses)[0];
        expect(Object.keys(o.responses[success].headers ?? {}), op.id).toContain('X-RateLimit-Remaining');
        // Counted for tokens only (a session's reads are free): the headers are not always there.
        expect((o.responses[success].headers as Record<string, { required?: boolean }>)['X-RateLimit-Remaining'].required, op.id).toBe(
          op.rateLimited === true ? true : undefined,
        );
      }
    }
    expect(
      ALL_OPERATIONS.filter((op) => op.rateLimited === 'tokens')
        .map((op) => op.id)
        .sort(),
    ).toEqual(['getImport', 'getSiteFavicon', 'listImports']);
    expect(opOf('POST', '/api/v1/links').responses['409']['x-error-codes']).toContain('alias_taken');
    expect(opOf('POST', '/api/v1/links').responses['422']['x-error-codes']).toContain('unsafe_url');
  });
});

type Schema = Record<string, unknown>;
const components = (doc.components as { schemas: Record<string, Schema> }).schemas;
const SUBSCHEMAS = {
  one: ['items', 'additionalProperties', 'not', 'propertyNames', 'contains'],
  list: ['anyOf', 'oneOf', 'allOf', 'prefixItems'],
  map: ['properties', 'patternProperties'],
};

/** Every schema inside `schema` (itself included), with a path to name it. */
function* schemasIn(schema: unknown, path: string): Generator<[Schema, string]> {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return;
  const s = schema as Schema;
  yield [s, path];
  for (const k of SUBSCHEMAS.one) yield* schemasIn(s[k], `${path}/${k}`);
  for (const k of SUBSCHEMAS.list) for (const [i, b] of ((s[k] as unknown[]) ?? []).entries()) yield* schemasIn(b, `${path}/${k}/${i}`);
  for (const k of SUBSCHEMAS.map) for (const [name, p] of Object.entries((s[k] as Schema) ?? {})) yield* schemasIn(p, `${path}/${k}/${name}`);
}

/** Every schema of the document: components, parameters, bodies and answers. */
function* allSchemas(): Generator<[Schema, string]> {
  for (const [name, s] of Object.entries(components)) yield* schemasIn(s, `#/components/schemas/${name}`);
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, o] of Object.entries(
      methods as Record<
        string,
        {
          parameters?: Array<{ name: string; schema: Schema }>;
          requestBody?: { content: Record<string, { schema: Schema }> };
          responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
        }
      >,
    )) {
      const at = `${method.toUpperCase()} ${path}`;
      for (const p of o.parameters ?? []) yield* schemasIn(p.schema, `${at} ?${p.name}`);
      for (const [type, c] of Object.entries(o.requestBody?.content ?? {})) yield* schemasIn(c.schema, `${at} body ${type}`);
      for (const [status, r] of Object.entries(o.responses))
        for (const [type, c] of Object.entries(r.content ?? {})) yield* schemasIn(c.schema, `${at} ${status} ${type}`);
    }
  }
}

const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
const validatorOf = (schema: Schema) => ajv.compile({ ...schema, components: doc.components });
const componentValidator = (name: string) => validatorOf({ $ref: `#/components/schemas/${name}` });

describe('what /docs shows of the document', () => {
  test('no bound or example is ±(2^53 − 1): zod’s defaults for a whole number say nothing to a reader', () => {
    const json = JSON.stringify(doc);
    expect(json).not.toContain(String(Number.MAX_SAFE_INTEGER));
  });

  test('every example is valid for its own schema', () => {
    const invalid: string[] = [];
    let count = 0;
    for (const [schema, path] of allSchemas()) {
      const examples = [...((schema.examples as unknown[]) ?? []), ...('example' in schema ? [schema.example] : [])];
      if (!examples.length) continue;
      const validate = validatorOf(schema);
      for (const example of examples) {
        count++;
        if (!validate(example)) invalid.push(`${path}: ${JSON.stringify(example)} ${ajv.errorsText(validate.errors)}`);
      }
    }
    expect(invalid).toEqual([]);
    expect(count).toBeGreaterThan(300);
  });

  test('the resources of REST v1 show an example for every value (ids, dates, URLs, counts), not "" or 1', () => {
    const bare: string[] = [];
    for (const name of ['Link', 'Domain', 'DnsRecord', 'Certificate', 'Webhook', 'WebhookDelivery', 'ApiToken', 'Stats', 'Workspace', 'Member']) {
      for (const [s, path] of schemasIn(components[name], name)) {
        const types = [s.type].flat();
        // A nullable value without an example is shown as null, which reads fine.
        const leaf = types.some((t) => t === 'string' || t === 'integer' || t === 'number') && !types.includes('null');
        if (leaf && !['examples', 'example', 'enum', 'const', 'format'].some((k) => k in s) && /\/properties\/[^/]+$/.test(path)) bare.push(path);
      }
    }
    expect(bare).toEqual([]);
  });

  test('every schema of a component has a type (Scalar’s strict check refuses one without: "document validation errors")', () => {
    const untyped = [...Object.entries(components)].flatMap(([name, s]) =>
      [...schemasIn(s, name)].filter(([x]) => !('type' in x) && !('$ref' in x)).map(([, path]) => path),
    );
    expect(untyped).toEqual([]);
  });

  test('DNS records and the certificate are typed, and what the serializers write matches', () => {
    const domain = components.Domain as { properties: Record<string, Schema> };
    expect(domain.properties.records).toMatchObject({ type: 'array', items: { $ref: '#/components/schemas/DnsRecord' } });
    expect(Object.keys((components.DnsRecord as { properties: object }).properties)).toEqual([
      'type',
      'name',
      'label',
      'value',
      'purpose',
      'status',
      'seen',
      'error',
    ]);
    expect(Object.keys((components.Certificate as { properties: object }).properties)).toEqual([
      'status',
      'issued_at',
      'expires_at',
      'error',
      'next_attempt_at',
    ]);

    // The serializers' types are the schemas' (checked by tsc; the schema admits more fields, .loose())…
    type Declared<T> = { [K in keyof T as string extends K ? never : K]: T[K] };
    const asDocumented: Declared<z.output<typeof ZDomainDetail>> = {} as DomainJson & { link_count: number; certificate: CertificateJson | null };
    const certificate: z.output<typeof ZCertificate> = {} as CertificateJson;
    void [asDocumented, certificate];
    // …and a checked domain, with its certificate, is valid for GET /api/v1/domains/{id}.
    const at = new Date('2026-03-04T16:40:12Z');
    const row = {
      id: 7,
      hostname: 'go.example.com',
      isDefault: false,
      workspaceId: 'w',
      status: 'pending',
      statusReason: null,
      verificationToken: 'abc',
      workspaceDefault: false,
      notFoundUrl: null,
      expiredUrl: null,
      appleAppSiteAssociation: null,
      assetLinks: null,
      rootRedirectUrl: null,
      rootBehavior: 'sling',
      verifiedAt: null,
      lastCheckedAt: at,
      nextCheckAt: at,
      createdAt: at,
      updatedAt: at,
      lastCheck: [
        { type: 'CNAME', name: 'go.example.com', label: 'go', value: 'links.sling.example', purpose: 'route', status: 'wrong', seen: ['elsewhere.example'] },
        {
          type: 'TXT',
          name: '_svc-verify.go.example.com',
          label: '_svc-verify.go',
          value: 'svc-verify=abc',
          purpose: 'ownership',
          status: 'missing',
          seen: [],
          error: 'queryTxt ETIMEOUT',
        },
      ],
    } satisfies DomainRow;
    const json = serializeDomain(row, { linkHost: 'links.sling.example', linkHostIps: [] });
    expect(json.records.map((r) => [r.name, r.label, r.status])).toEqual([
      ['go.example.com', 'go', 'wrong'],
      ['_svc-verify.go.example.com', '_svc-verify.go', 'missing'],
    ]);
    const detail = opOf('GET', '/api/v1/domains/{id}').responses['200'] as unknown as { content: { 'application/json': { schema: Schema } } };
    const validate = validatorOf(detail.content['application/json'].schema);
    const issued: CertificateJson = { status: 'issued', issued_at: at.toISOString(), expires_at: at.toISOString(), error: null, next_attempt_at: null };
    for (const cert of [
      issued,
      { ...issued, status: 'failed' as const, error: 'urn:ietf:params:acme:error:connection', next_attempt_at: at.toISOString() },
      null,
    ]) {
      expect(validate({ domain: { ...json, link_count: 3, certificate: cert } }) ? [] : validate.errors).toEqual([]);
    }
    expect(componentValidator('DnsRecord')({ ...json.records[0], status: 'unknown' })).toBe(false);
  });
});
