// What server.ts answers itself for hosts other than the app's: a custom domain's root and its
// not-found (each a redirect the owner configured, or a small page), the domain's landing page, and
// the plain 404 of a host that is not connected. No cookie ever; Sling's own pages load nothing, and a
// landing page runs sandboxed (an opaque origin: no cookies, no storage, nothing of Sling's to read).
import type { ServerResponse } from 'node:http';
import { loadConfig } from '../config/load-config';
import { escapeHtml, pageDocument, reportUrl } from '../link-pages/page-html';
import type { CustomDomain } from '../domains/site-directory';
import { respondRedirect } from '../edge/respond';

const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; font-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex',
};

/**
 * A landing page's policy: sandboxed without allow-same-origin, so its scripts run in an opaque origin;
 * its own inline code runs, and it may load from HTTPS sites (fonts, images, analytics); never framed.
 */
export const LANDING_CSP = [
  'sandbox allow-scripts allow-forms allow-popups',
  "default-src 'none'",
  "script-src 'unsafe-inline' https:",
  "style-src 'unsafe-inline' https:",
  'img-src https: data: blob:',
  'font-src https: data:',
  'media-src https: data: blob:',
  'connect-src https:',
  'frame-src https:',
  'form-action https:',
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

const LANDING_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-cache',
  'Content-Security-Policy': LANDING_CSP,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

export const NOT_CONNECTED = 'This domain is not connected to Sling.';

/** A host that is neither the app's nor a verified custom domain. */
export function answerUnknownHost(res: ServerResponse): void {
  res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
  res.end(NOT_CONNECTED + '\n');
}

/** GET / on a custom domain: its landing page (`page`, assembled), its redirect, or Sling's page. */
export function answerRoot(res: ServerResponse, domain: CustomDomain, page?: Buffer): void {
  if (domain.rootBehavior === 'landing' && page !== undefined) {
    res.writeHead(200, { ...LANDING_HEADERS, 'Content-Length': String(page.length) });
    return void res.end(page);
  }
  if (domain.rootBehavior === 'redirect' && domain.rootRedirectUrl) return respondRedirect(res, 302, domain.rootRedirectUrl);
  const host = escapeHtml(domain.hostname);
  res.writeHead(200, PAGE_HEADERS);
  res.end(
    pageDocument({
      host: domain.hostname,
      title: domain.hostname,
      heading: domain.hostname,
      body: `<p>${host} is a short-link domain. Links on it look like https://${host}/&lt;code&gt;.</p>`,
    }),
  );
}

/** An unknown code or path on a custom domain. */
export function answerNotFound(res: ServerResponse, domain: CustomDomain, path = '/'): void {
  if (domain.notFoundUrl) return respondRedirect(res, 302, domain.notFoundUrl);
  res.writeHead(404, PAGE_HEADERS);
  const shortUrl = `${domain.hasCertificate ? 'https' : 'http'}://${domain.hostname}${path.split('?')[0]}`;
  res.end(
    pageDocument({
      host: domain.hostname,
      reportUrl: reportUrl(loadConfig().BASE_URL, shortUrl),
      title: 'Not found',
      heading: 'Link not found',
      body: '<p>This short link does not exist, or it was removed.</p>',
    }),
  );
}

/** Anything but reading a link (or a link page) on a custom domain. */
export function answerMethodNotAllowed(res: ServerResponse): void {
  res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'close' });
  res.end('Only GET and HEAD are answered here.\n');
}

export const ACME_CHALLENGE_PATH = '/.well-known/acme-challenge/';

/** An HTTP-01 challenge (the CA validating this domain): its key authorization, or 404. */
export function answerAcmeChallenge(res: ServerResponse, keyAuthorization: string | undefined): void {
  res.writeHead(keyAuthorization === undefined ? 404 : 200, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(keyAuthorization ?? 'No such challenge.\n');
}

/** Custom domains with a certificate: browsers use HTTPS only, for a year. */
export const HSTS = 'max-age=31536000';

/** Plain HTTP on a custom domain that has a certificate: the same URL over HTTPS (308 keeps the method). */
export function answerHttpsRedirect(res: ServerResponse, domain: CustomDomain, url: string): void {
  res.writeHead(308, { Location: `https://${domain.hostname}${url}`, 'Cache-Control': 'no-store', Connection: 'close' });
  res.end();
}
