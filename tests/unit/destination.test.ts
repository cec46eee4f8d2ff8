// server.ts's dispatch table, pure: which host's handling a request gets, where the app host sends
// what the edge declines, and which bodies are held before routing.
import { describe, expect, test } from 'vitest';
import { destinationOf, holdsBodyFirst, hostRoute, routedPath } from '../../lib/server/destination';

const app = { app: true, pages: true };
const edgeOnly = { app: false, pages: false };
const noPages = { app: true, pages: false };

describe('hostRoute', () => {
  test('the app host gets everything; a custom domain its own handling; an unknown host a refusal', () => {
    expect(hostRoute('app', '/abc')).toBe('app');
    expect(hostRoute('custom', '/abc')).toBe('custom-domain');
    expect(hostRoute('unknown', '/abc')).toBe('unknown-host');
  });
  test('health checks answer on any host (load balancers probe by address)', () => {
    for (const site of ['custom', 'unknown'] as const) {
      expect(hostRoute(site, '/healthz')).toBe('app');
      expect(hostRoute(site, '/readyz')).toBe('app');
      expect(hostRoute(site, '/readyz?x')).not.toBe('app');
    }
  });
});

describe('destinationOf', () => {
  const to = (url: string, serves = app) => destinationOf(url, routedPath(url), serves);
  test('probes, the API (all three), the docs bundle and pages', () => {
    expect(to('/healthz')).toBe('healthz');
    expect(to('/readyz')).toBe('readyz');
    for (const url of ['/api', '/api.php', '/api/v1/links?q=1', '/api/auth/sign-in/email', '/api/scim/v2/Users', '/api.php/x'])
      expect(to(url), url).toBe('api');
    expect(to('/docs/scalar.js?v=1')).toBe('docs-bundle');
    for (const url of ['/', '/links', '/apiary', '/api-docs', '/l/protected/abc', '/docs']) expect(to(url), url).toBe('page');
  });
  test('dot segments are resolved before deciding, so /x/../api is the API and /api/../x a page', () => {
    expect(to('/x/../api/v1/links')).toBe('api');
    expect(to('/api/%2e%2e/links')).toBe('page');
  });
  test('without Next (a server inside a test process): the API, and the link pages instead of pages', () => {
    expect(to('/api/v1/links', noPages)).toBe('api');
    expect(to('/l/protected/abc', noPages)).toBe('link-page');
    expect(to('/links', noPages)).toBe('link-page');
  });
  test('an edge instance has only the link pages (and probes)', () => {
    expect(to('/api/v1/links', edgeOnly)).toBe('link-page');
    expect(to('/l/protected/abc', edgeOnly)).toBe('link-page');
    expect(to('/healthz', edgeOnly)).toBe('healthz');
  });
});

describe('holdsBodyFirst', () => {
  test("pages' and forms' bodies are held before routing; the API's wait for the router (after authentication)", () => {
    expect(holdsBodyFirst('/l/protected/abc', app)).toBe(true);
    expect(holdsBodyFirst('/links', app)).toBe(true);
    expect(holdsBodyFirst('/api/v1/imports', app)).toBe(false);
    expect(holdsBodyFirst('/api/auth/sign-in/email', app)).toBe(false);
    // Without the API (an edge instance), every body is held.
    expect(holdsBodyFirst('/api/v1/imports', edgeOnly)).toBe(true);
  });
});
