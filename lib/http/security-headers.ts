// One set of security headers for every answer that is not a redirect (issue 14): pages get a
// nonce-based Content-Security-Policy (Next reads the nonce from the request's CSP header and puts
// it on its own scripts), no framing, no MIME sniffing and a strict referrer policy; API answers
// get a policy that allows nothing at all. HSTS is sent when Sling is served over https.
import { randomBytes } from 'node:crypto';

export interface HeaderOptions {
  /** BASE_URL is https (TLS at a proxy) or the request came over TLS. */
  https: boolean;
  /** `next dev` evaluates code and talks to its HMR socket. */
  dev: boolean;
}

const COMMON = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

const HSTS = { 'Strict-Transport-Security': 'max-age=31536000' };

export function apiHeaders(opts: HeaderOptions): Record<string, string> {
  return { ...COMMON, 'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'", ...(opts.https ? HSTS : {}) };
}

/** Headers for a page, with the nonce its scripts must carry. */
export function pageHeaders(opts: HeaderOptions): { nonce: string; headers: Record<string, string> } {
  const nonce = randomBytes(16).toString('base64');
  const policy = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${opts.dev ? " 'unsafe-eval'" : ''}`,
    // React writes style attributes; the visitor pages carry one <style> block.
    "style-src 'self' 'unsafe-inline'",
    // The ALTCHA solver runs in a worker bundled with the app ('strict-dynamic' would not cover it).
    "worker-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${opts.dev ? ' ws: wss:' : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return { nonce, headers: { ...COMMON, 'Content-Security-Policy': policy, ...(opts.https ? HSTS : {}) } };
}

/**
 * Headers for the link pages the edge sends itself (lib/link-pages/edge-pages.ts): the common ones,
 * and a policy for a page that runs no script and loads nothing (its one <style> block is inline).
 * No form-action: its form posts back to Sling (the password prompt, "continue anyway"), which
 * answers with a redirect to the link's destination, and browsers hold that redirect to form-action too.
 */
export function linkPageHeaders(opts: HeaderOptions): Record<string, string> {
  const policy = "default-src 'none'; style-src 'unsafe-inline'; font-src 'self'; img-src 'self'; base-uri 'none'; frame-ancestors 'none'";
  return {
    ...COMMON,
    'Content-Security-Policy': policy,
    ...(opts.https ? HSTS : {}),
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Robots-Tag': 'noindex',
  };
}
