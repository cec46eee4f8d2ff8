// The public forms' operations: the home page's shortener and "Report this link" (no account; per-IP
// limits, X-RateLimit-* on each answer once counted; ALTCHA proof of work where the instance asks).
import { defineOperation } from '../../http/operation';
import { ZLink } from '../../links/link-schema';
import { ZCreateReport, ZReport } from '../../reports/report-schema';
import { ZShorten } from '../../links/shorten-schema';
import { ok } from './common';

const tag = 'Public forms';
const bodyErrors = ['invalid_request', 'payload_too_large', 'unsupported_media_type'] as const;

export const shortenAnonymously = defineOperation({
  id: 'shortenAnonymously',
  method: 'POST',
  path: '/api/v1/shorten',
  tag,
  auth: [],
  summary: 'Shorten a URL without an account (random code; limited per IP)',
  body: ZShorten,
  responses: { 201: ok(ZLink, 'Created') },
  errors: [...bodyErrors, 'altcha_required', 'altcha_invalid', 'forbidden', 'unsafe_url', 'rate_limited', 'quota_exceeded', 'unsafe_throttled'],
});

export const submitAbuseReport = defineOperation({
  id: 'submitAbuseReport',
  method: 'POST',
  path: '/api/v1/reports',
  tag,
  auth: [],
  summary: 'Report a short link (ALTCHA solution required; limited per IP)',
  body: ZCreateReport,
  responses: { 201: ok(ZReport, 'Received') },
  errors: [...bodyErrors, 'altcha_required', 'altcha_invalid', 'not_found', 'rate_limited'],
});
