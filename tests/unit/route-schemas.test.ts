// Every route parses its input through a schema: each method a route file exports carries the
// operations (lib/schemas/operation.ts) whose schemas parse its params, query and body, and those
// operations are the ones the OpenAPI document describes (lib/openapi/registry.ts). Variant A's and
// Variant B's action tables are walked too. No module outside the parsing code reads a body or a
// query parameter by hand.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { readApiRoutes } from '../../lib/http/api-routes';
import { REFUSES_METHOD } from '../../lib/http/method-not-allowed';
import { VARIANT_A_ACTIONS, VARIANT_B_ACTIONS } from '../../lib/openapi/operations/compat';
import { ALL_OPERATIONS } from '../../lib/openapi/registry';
import { operationsOf, type Operation } from '../../lib/schemas/operation';

const ROOT = join(import.meta.dirname, '../..');
const APP = join(ROOT, 'app');

/** better-auth's own endpoints: its handler parses them; they are not part of Sling's API document. */
const EXEMPT = new Set([
  '/api/auth/[...all]',
  // SCIM 2.0 (directory sync): its own protocol, bodies and error shape (RFC 7643/7644), parsed by
  // lib/schemas/scim.ts in lib/scim/scim-routes.ts; not part of Sling's REST API document.
  '/api/scim/v2/Users', '/api/scim/v2/Users/[id]', '/api/scim/v2/Groups', '/api/scim/v2/Groups/[id]',
  '/api/scim/v2/ResourceTypes', '/api/scim/v2/Schemas', '/api/scim/v2/ServiceProviderConfig',
  // A benchmark's baseline (npm run bench), a 404 unless the server runs with SLING_BENCH_ROUTES=1: not part of the API.
  '/api/v1/bench-constant',
]);

/**
 * Routes not yet moved to operations (they still parse with zod via parseBody, or by hand). The
 * test fails when one of them is converted without being taken off this list, so it stays exact.
 */
export const NOT_YET: ReadonlySet<string> = new Set([
  // None left: every route of Sling's API declares its operations.
]);

/** The modules allowed to touch a request's body or query directly: the parsing code itself. */
const PARSERS = new Set([
  'lib/http/read-json-body.ts', 'lib/http/read-fields.ts', 'lib/http/read-upload.ts', 'lib/schemas/operation.ts',
  // Variant B reads its input once (the token comes from it) and parses it with the operation's schema.
  'lib/token-param-api/token-param-api.ts',
  // Serves the /l/… pages (password and preview forms), not the API.
  'lib/link-pages/link-pages.ts',
  // SCIM 2.0's own protocol, parsed with lib/schemas/scim.ts (see EXEMPT).
  'lib/scim/scim-routes.ts',
  // Reads a destination URL's query (UTM values), not a request's.
  'lib/links/utm.ts',
  // Reads the Scalar bundle's ?v= (its cache key) and Accept-Encoding, not API input.
  'lib/docs/serve-scalar-bundle.ts',
  // Reads the redirect better-auth answered the SAML ACS post with (and the provider id), not a client's input.
  'lib/sso/saml-acs-answer.ts',
]);
/** Modules of the NOT_YET routes that still read input outside an operation. */
const NOT_YET_MODULES = new Set([
  // better-auth's own endpoints (EXEMPT): the sign-in body is read to pick a provider (start-sso.ts parses it with zod).
  'lib/auth/handle-auth-request.ts', 'lib/sso/start-sso.ts',
]);

const toAppPath = (openApiPath: string) => openApiPath.replace(/\{(\w+)\}/g, '[$1]');
const routes = readApiRoutes(APP);

async function loadRoute(path: string): Promise<Record<string, unknown>> {
  const file = join(APP, ...path.split('/').filter(Boolean), 'route.ts');
  return import(file);
}

describe('every route parses its input through an operation', () => {
  const carried: Operation[] = [];

  test.each(routes.filter((r) => !EXEMPT.has(r.path)).map((r) => [r.path, r] as const))('%s', async (path, route) => {
    const mod = await loadRoute(path);
    for (const method of route.methods) {
      const handler = mod[method] as Record<symbol, unknown> | undefined;
      expect(handler, `${method} ${path} is exported`).toBeTypeOf('function');
      if (handler?.[REFUSES_METHOD]) continue;
      const ops = operationsOf(handler);
      const key = `${method} ${path}`;
      if (NOT_YET.has(key)) {
        expect(ops, `${key} now carries operations: take it off NOT_YET`).toEqual([]);
        continue;
      }
      const mine = ops.filter((o) => o.method === method);
      expect(mine.length, `${key} carries an operation for ${method}`).toBeGreaterThan(0);
      for (const op of mine) {
        expect(route.pattern.test(toAppPath(op.path).replace(/\[\w+\]/g, 'x')) || toAppPath(op.path) === path, `${op.id} (${op.path}) is served by ${path}`).toBe(true);
        expect(ALL_OPERATIONS, `${op.id} is in the registry (and so in the OpenAPI document)`).toContain(op);
        carried.push(op);
      }
    }
  });

  test('every operation of the registry is served by a route', () => {
    const missing = ALL_OPERATIONS.filter((op) => !carried.includes(op)).map((op) => `${op.method} ${op.path}`);
    expect(missing).toEqual([]);
  });

  test("Variant A's and Variant B's action tables are operations of the registry", () => {
    for (const op of [...Object.values(VARIANT_A_ACTIONS), ...Object.values(VARIANT_B_ACTIONS)]) expect(ALL_OPERATIONS).toContain(op);
    expect(Object.values(VARIANT_A_ACTIONS).filter((o) => o.method === 'GET').map((o) => o.action).sort()).toEqual(['domains', 'list', 'stats']);
  });
});

describe('no module reads request input by hand', () => {
  const HAND_READS = /\b(readJsonBody|readOptionalJsonBody|readFields)\(|searchParams\.get(All)?\(|\breq(uest)?\.(json|formData|text)\(/;

  function sources(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const full = join(dir, e.name);
      if (e.isDirectory()) return sources(full);
      return /\.tsx?$/.test(e.name) ? [relative(ROOT, full)] : [];
    });
  }

  test('only the parsing code (and the routes not yet moved) reads bodies and query strings', () => {
    const readers = [...sources(join(ROOT, 'lib')), ...sources(join(APP, 'api')), ...sources(join(APP, 'api.php'))].filter((f) =>
      HAND_READS.test(readFileSync(join(ROOT, f), 'utf8')),
    );
    const unexpected = readers.filter((f) => !PARSERS.has(f) && !NOT_YET_MODULES.has(f));
    expect(unexpected).toEqual([]);
  });
});
