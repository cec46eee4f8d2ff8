// Every route parses its input through a schema: each route of the router (lib/api/routes.ts) carries
// the operations (lib/http/operation.ts) whose schemas parse its params, query and body, and those
// operations are the ones the OpenAPI document describes (lib/openapi/registry.ts). Variant A's and
// Variant B's action tables are walked too. No module outside the parsing code reads a body or a
// query parameter by hand.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { API_ROUTES } from '../../lib/api/routes';
import { REFUSES_METHOD } from '../../lib/http/method-not-allowed';
import { VARIANT_A_ACTIONS, VARIANT_B_ACTIONS } from '../../lib/openapi/operations/compat';
import { ALL_OPERATIONS } from '../../lib/openapi/registry';

const ROOT = join(import.meta.dirname, '../..');

/** Routes of other protocols than Sling's API, with no operations: better-auth's, and SCIM 2.0's (RFC 7643/7644, parsed by lib/scim/scim-schema.ts). */
const EXEMPT = /^\/api\/(auth|scim\/v2)\//;

/** The modules allowed to touch a request's body or query directly: the parsing code itself. */
const PARSERS = new Set([
  'lib/http/read-json-body.ts',
  'lib/http/read-fields.ts',
  'lib/http/read-upload.ts',
  'lib/http/operation.ts',
  // Variant B reads its input once (the token comes from it) and parses it with the operation's schema.
  'lib/api/handlers/token-param-api.ts',
  // Serves the /l/… pages (password and preview forms), not the API.
  'lib/link-pages/link-pages.ts',
  // SCIM 2.0's own protocol, parsed with lib/scim/scim-schema.ts (see EXEMPT).
  'lib/api/handlers/scim-routes.ts',
  // Reads a destination URL's query (UTM values), not a request's.
  'lib/links/utm.ts',
  // Reads the Scalar bundle's ?v= (its cache key) and Accept-Encoding, not API input.
  'lib/docs/serve-scalar-bundle.ts',
  // Reads the redirect better-auth answered the identity provider's return with, not a client's input.
  'lib/sso/sso-return-answer.ts',
  // Reads the SP metadata's provider id (a connection id, matched by a pattern before any lookup).
  'lib/sso/saml-sp-metadata.ts',
]);
/** Modules of the NOT_YET routes that still read input outside an operation. */
const NOT_YET_MODULES = new Set([
  // better-auth's own endpoints (EXEMPT): the sign-in body is read to pick a provider (start-sso.ts parses it with zod).
  'lib/api/handlers/handle-auth-request.ts',
  'lib/api/handlers/start-sso.ts',
]);

describe('every route parses its input through an operation', () => {
  test.each(API_ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', (_key, route) => {
    if (EXEMPT.test(route.path) || (route.handler as { [REFUSES_METHOD]?: boolean })[REFUSES_METHOD]) return void expect(route.operations).toEqual([]);
    expect(route.operations.length).toBeGreaterThan(0);
    for (const op of route.operations) {
      expect([op.method, op.path]).toEqual([route.method, route.path]);
      expect(ALL_OPERATIONS, `${op.id} is in the registry (and so in the OpenAPI document)`).toContain(op);
    }
  });

  test('every operation of the registry is served by a route', () => {
    const carried = new Set(API_ROUTES.flatMap((r) => r.operations));
    expect(ALL_OPERATIONS.filter((op) => !carried.has(op)).map((op) => `${op.method} ${op.path}`)).toEqual([]);
  });

  test("Variant A's and Variant B's action tables are operations of the registry", () => {
    for (const op of [...Object.values(VARIANT_A_ACTIONS), ...Object.values(VARIANT_B_ACTIONS)]) expect(ALL_OPERATIONS).toContain(op);
    expect(
      Object.values(VARIANT_A_ACTIONS)
        .filter((o) => o.method === 'GET')
        .map((o) => o.action)
        .sort(),
    ).toEqual(['domains', 'list', 'stats']);
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
    const readers = sources(join(ROOT, 'lib')).filter((f) => HAND_READS.test(readFileSync(join(ROOT, f), 'utf8')));
    const unexpected = readers.filter((f) => !PARSERS.has(f) && !NOT_YET_MODULES.has(f));
    expect(unexpected).toEqual([]);
  });
});
