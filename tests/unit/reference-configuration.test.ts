// How /docs configures Scalar: nothing from another origin, requests to this origin, and the session
// preselected for signed-in readers (the bearer token otherwise).
import { describe, expect, test } from 'vitest';
import { buildOpenApiDocument } from '../../lib/openapi/build-document';
import { authSchemes, referenceConfiguration } from '../../lib/openapi/reference-configuration';

const origin = 'https://sling.example';

describe('the API reference configuration', () => {
  test('finds the session-cookie and bearer schemes of the document', () => {
    const { cookie, bearer } = authSchemes(buildOpenApiDocument());
    expect(cookie).toBeDefined();
    expect(bearer).toBeDefined();
    expect(authSchemes({})).toEqual({ cookie: undefined, bearer: undefined });
  });

  test('turns off everything that would reach another origin, and sends requests here', () => {
    const config = referenceConfiguration(buildOpenApiDocument(), { signedIn: false, origin });
    expect(config).toMatchObject({ withDefaultFonts: false, telemetry: false, agent: { disabled: true }, showDeveloperTools: 'never', persistAuth: false });
    expect(config.servers).toEqual([{ url: origin, description: 'This Sling instance' }]);
    expect(config).not.toHaveProperty('proxyUrl');
  });

  test('preselects the session when signed in, the bearer token when not', () => {
    const doc = buildOpenApiDocument();
    const { cookie, bearer } = authSchemes(doc);
    expect(referenceConfiguration(doc, { signedIn: true, origin }).authentication).toEqual({ preferredSecurityScheme: cookie });
    expect(referenceConfiguration(doc, { signedIn: false, origin }).authentication).toEqual({ preferredSecurityScheme: bearer });
    expect(referenceConfiguration({}, { signedIn: true, origin })).not.toHaveProperty('authentication');
  });
});
