// Examples for the document's properties by name, so /docs shows a link as one (ids, dates, URLs,
// counts) instead of "" and 1 everywhere. A schema's own example (.meta({ examples }) in its zod
// file) wins; an example here is used only where its JSON type fits the property, and
// tests/unit/openapi-document.test.ts checks that every example in the document is valid for its schema.
import type { JsonSchema } from './json-schema';

const CREATED = '2026-03-02T09:15:00.000Z';
const UPDATED = '2026-03-04T16:40:12.000Z';
const LATER = '2026-03-05T08:00:00.000Z';
const UUID = '0b6e4d43-9c1f-4f6e-8a51-2f7d3c9b1e20';

/** One example per JSON type, for a name that is a number in one place and text in another. */
class Either {
  constructor(readonly values: unknown[]) {}
}
const either = (...values: unknown[]) => new Either(values);

/** Property name → an example, the same value wherever the name appears. */
export const PROPERTY_EXAMPLES: Record<string, unknown> = {
  // Ids: links and domains are numbers, most others UUIDs (a schema names its own, e.g. wh_… for webhooks).
  id: either(4711, UUID),
  link_id: 4711,
  domain_id: 7,
  user_id: UUID,
  created_by: UUID,
  current_id: UUID,
  // Dates, as the API writes them.
  created_at: CREATED,
  updated_at: UPDATED,
  joined_at: CREATED,
  invited_at: '2026-03-01T14:30:00.000Z',
  verified_at: UPDATED,
  archived_at: UPDATED,
  revoked_at: UPDATED,
  completed_at: UPDATED,
  last_checked_at: UPDATED,
  last_used_at: UPDATED,
  last_success_at: UPDATED,
  last_request_at: UPDATED,
  last_activity_at: UPDATED,
  last_activity: UPDATED,
  tested_at: UPDATED,
  started_at: UPDATED,
  finished_at: LATER,
  next_check_at: LATER,
  next_attempt_at: LATER,
  failing_since: UPDATED,
  issued_at: UPDATED,
  expires_at: '2026-06-03T09:15:00.000Z',
  previous_secret_expires_at: '2026-03-05T16:40:12.000Z',
  expiration: '2027-01-31T10:00:00Z',
  expiration_date: '2027-01-31T10:00:00Z',
  // Links and their addresses.
  url: 'https://example.com/spring-sale',
  long_url: 'https://example.com/spring-sale?ref=newsletter',
  short_url: 'https://go.example.com/spring',
  short_code: 'spring',
  alias: 'spring',
  code: 'spring',
  previous_codes: ['spring-2025'],
  hostname: 'go.example.com',
  not_found_url: 'https://example.com/not-found',
  root_redirect_url: 'https://example.com',
  image_url: 'https://go.example.com/api/v1/links/4711/preview/image',
  report_url: 'https://go.example.com/report',
  title: 'Spring sale: 20% off everything',
  description: 'Until March 31, on every order.',
  note: 'Newsletter, March issue',
  tags: ['spring', 'newsletter'],
  tag: 'spring',
  utm_source: 'newsletter',
  utm_medium: 'email',
  utm_campaign: 'spring-sale',
  utm_term: 'shoes',
  utm_content: 'header-button',
  password: 'open sesame',
  max_clicks: 1000,
  forward_query: true,
  public_stats: true,
  public_stats_protected: false,
  weight: 50,
  conversions: 12,
  password_protected: false,
  shared: false,
  archived: false,
  since: UPDATED,
  ids: [4711, 4712],
  // Bulk results: each item's HTTP status and place in the request.
  status: either(201),
  index: 0,
  // Counts.
  clicks: 1284,
  unique_visitors: 903,
  link_count: 128,
  links: 128,
  total: 42,
  processed: 40,
  created: 38,
  skipped: 1,
  refused: 1,
  failed: 0,
  deleted: 2,
  disabled_links: 0,
  attempts: 1,
  // Query strings are text: a limit or offset there is "50", in an answer 50.
  limit: either(50, '50'),
  offset: either(0, '0'),
  bytes: 24576,
  size: 24576,
  // People, workspaces, tokens (names differ too much to share one: each schema gives its own).
  email: 'dora@example.com',
  slug: 'marketing',
  prefix: 'sl_4fQ9xk',
  scopes: ['links:read', 'links:write'],
  reason: 'Phishing page imitating a bank.',
  // Webhooks.
  events: ['link.created', 'link.clicked'],
  event: 'link.created',
  event_id: 'evt_5b1f0c2e9d7a4e3c8b6a1d2f3e4c5b6a',
  // SSO.
  issuer: 'https://login.example.com',
  client_id: 'sling',
  entity_id: 'https://idp.example.com/metadata',
  sso_url: 'https://idp.example.com/sso/saml',
  metadata_url: 'https://idp.example.com/metadata',
  domain: 'example.com',
};

/** Adds PROPERTY_EXAMPLES to the properties of `schema` and of every schema inside it that have no example of their own. */
export function withPropertyExamples(schema: JsonSchema): JsonSchema {
  if (Array.isArray(schema)) return schema.map(withPropertyExamples) as unknown as JsonSchema;
  if (!schema || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === 'examples' || k === 'example' || k === 'enum' || k === 'const' || k === 'default') out[k] = v;
    else if (k === 'properties') {
      out[k] = Object.fromEntries(Object.entries(v as Record<string, JsonSchema>).map(([name, p]) => [name, exampled(name, withPropertyExamples(p))]));
    } else out[k] = withPropertyExamples(v as JsonSchema);
  }
  return out;
}

function exampled(name: string, p: JsonSchema): JsonSchema {
  if (!(name in PROPERTY_EXAMPLES) || p.$ref || ['examples', 'example', 'enum', 'const', 'default'].some((k) => k in p)) return p;
  const entry = PROPERTY_EXAMPLES[name];
  const value = (entry instanceof Either ? entry.values : [entry]).find((v) => fits(v, p));
  return value === undefined ? p : { ...p, examples: [value] };
}

/** Whether `value` is one `p` admits, by its type and the simple rules beside it (the unit test checks the rest). */
function fits(value: unknown, p: JsonSchema): boolean {
  const allowed = Array.isArray(p.type) ? p.type : [p.type];
  if (Array.isArray(value)) return allowed.includes('array') && (!p.items || value.every((v) => fits(v, p.items as JsonSchema)));
  if (typeof value === 'number') {
    const typed = allowed.includes('number') || (Number.isInteger(value) && allowed.includes('integer'));
    return typed && !(typeof p.minimum === 'number' && value < p.minimum) && !(typeof p.maximum === 'number' && value > p.maximum);
  }
  if (typeof value !== 'string') return allowed.includes(typeof value);
  if (!allowed.includes('string') || (Array.isArray((p as { enum?: unknown }).enum) && !(p.enum as unknown[]).includes(value))) return false;
  if (typeof p.pattern === 'string' && !new RegExp(p.pattern, 'u').test(value)) return false;
  if (p.format === 'email' && !value.includes('@')) return false;
  return !((typeof p.minLength === 'number' && value.length < p.minLength) || (typeof p.maxLength === 'number' && value.length > p.maxLength));
}
