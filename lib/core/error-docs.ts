// What each error code means and what to do about it, beside the code table (errors.ts): the source
// of docs/api/errors.md (`npm run docs:references`). A code without an entry does not compile.
import type { ErrorCode } from './errors';

export interface ErrorDoc {
  /** When Sling answers it; Markdown, one paragraph. */
  meaning: string;
  /** What the caller can do about it. */
  action: string;
}

export const ERROR_DOCS = {
  invalid_request: {
    meaning:
      'The request is wrong as sent: a field is missing, of the wrong type or out of range, a field is unknown, the JSON does not parse, a query parameter is malformed, or the HTTP request itself could not be read. `details` names every bad field (`{"alias": "…", "url": "…"}`), not only the first.',
    action: 'Fix the fields named in `details` (or the request the message describes) and send it again; sent unchanged it fails the same way.',
  },
  altcha_required: {
    meaning: 'Shortening without an account and abuse reports need a proof-of-work solution (ALTCHA), and none was sent.',
    action: 'Get a challenge from `GET /api/v1/altcha/challenge`, solve it, and send the solution as `altcha`.',
  },
  altcha_invalid: {
    meaning: 'The ALTCHA solution is not one, has expired, or was already used.',
    action: 'Get a new challenge, solve it, and send the new solution.',
  },
  unauthorized: {
    meaning: 'Nobody is signed in: no API token and no session, a scheme other than `Bearer`, or a token that is unknown, revoked, expired or rotated out.',
    action: 'Send `Authorization: Bearer <token>` with a live token from **Settings → API tokens**, or sign in.',
  },
  forbidden: {
    meaning:
      'The caller is known but may not do this: the token lacks a scope (`details.required_scope`), the action needs a dashboard session (`details.required: "session"`), the member\'s role is too low, a cross-site request tried to use the session, or the instance has closed sign-ups or shortening without an account.',
    action: "Use a token with the scope named in `details`, sign in to the dashboard, or ask a workspace admin or the instance's operator.",
  },
  plan_required: {
    meaning:
      "The workspace's plan does not include this: single sign-on and directory sync need the Enterprise plan, and each plan includes a number of custom domains.",
    action: 'Move the workspace to the plan the message names, or remove a custom domain first.',
  },
  not_found: {
    meaning:
      'No such resource in the caller\'s workspace — someone else\'s link, domain or webhook is "not found" too, never "forbidden" — or no API endpoint at that path. The admin console answers it to anyone but a platform admin.',
    action: 'Check the id or path, and that the token belongs to the workspace that holds the resource.',
  },
  method_not_allowed: {
    meaning: 'The endpoint exists but does not take this HTTP method.',
    action: 'Use one of the methods listed in the `Allow` header.',
  },
  request_timeout: {
    meaning:
      'The request did not arrive in time: its headers within `HEADERS_TIMEOUT_MS` or the whole request within `REQUEST_TIMEOUT_MS` (15 s and 30 s by default). The connection is closed.',
    action:
      'Send it again over a faster connection; an operator can raise the limits ([configuration reference](../self-hosting/configuration-reference.md#server)).',
  },
  alias_taken: {
    meaning: 'A link with this alias already exists on that domain (aliases are compared case-insensitively).',
    action: 'Choose another alias, or ask first with `GET /api/v1/links/availability`.',
  },
  limit_reached: {
    meaning:
      'A cap on how many of something may exist is reached: live API tokens per workspace (by plan), folders per workspace (200), or email domains per SSO connection. `details` names the limit (`limit`, and for tokens `plan`, `active_tokens`, `resource`).',
    action: 'Revoke or remove one first.',
  },
  domain_taken: {
    meaning:
      'The domain is already verified by another workspace on this Sling instance, or already in your own workspace, or already claimed by another SSO connection. On `POST /api/v1/domains/{id}/verify` it means another workspace proved the name first: your claim is now `expired`, and the message says when the name was verified. A name that other workspaces have only added (not verified) is never refused ([custom domains](../guide/custom-domains.md#claims-who-gets-a-name)).',
    action: "Remove it where it is connected first. If you own the domain and do not know who connected it, ask the instance's operator.",
  },
  name_taken: {
    meaning: 'Another folder of the workspace already has this name (names are compared case-insensitively). `details.name` says so.',
    action: 'Choose another name, or file the links in the folder that has it (`GET /api/v1/folders` lists them).',
  },
  sso_not_ready: {
    meaning:
      'The SSO connection cannot be enabled yet: its connection test has not passed, or none of its email domains is proven. `details.missing` lists `test` and/or `domain`.',
    action: 'Run **Test connection** until every check passes, and prove an email domain with its DNS TXT record.',
  },
  link_expired: {
    meaning:
      'Reserved: no endpoint answers it today. A visitor of an expired short link gets the "Link expired" page (status 410), not a JSON error; the API still shows an expired link, with `status: "expired"`.',
    action: 'Nothing.',
  },
  payload_too_large: {
    meaning:
      "The body is larger than the endpoint takes: 64 KiB for most, 512 KiB for `POST /api/v1/links/bulk`, 50 MB for an import's file; QR logos, preview images and favicons have their own limits. `details` names the limit where it is not in the message.",
    action: 'Send less: split a bulk request or an import, or shrink the image.',
  },
  unsupported_media_type: {
    meaning:
      'The body is not of a type the endpoint takes: JSON endpoints need `Content-Type: application/json`; uploads take the image or file types their operation lists.',
    action: 'Send JSON with `Content-Type: application/json`, or the upload in one of its listed types.',
  },
  unsafe_url: {
    meaning:
      'The destination is listed by one of the threat feeds the instance imports (`SAFETY_FEEDS`). `details.reason` is `listed_host` or `listed_url`, with the entry (`listed`) and its `source`.',
    action: "Do not link there. If the listing is wrong, ask the instance's operator. Repeated refusals pause link creation (`unsafe_throttled`).",
  },
  rate_limited: {
    meaning:
      "Too many requests in a window; the message names whose limit it is (the workspace's plan, a token, an address). `Retry-After` gives the seconds to wait, and `X-RateLimit-*` the window.",
    action:
      "Wait `Retry-After` seconds and spread requests out. All of a workspace's tokens share one budget, so another token does not help ([rate limits](rate-limits.md)).",
  },
  quota_exceeded: {
    meaning:
      "The daily quota of new links is used up: the workspace's plan allows so many per day, and all anonymous links together have their own. `details`: `quota`, `plan`, `retry_after`.",
    action: 'Wait `Retry-After` seconds, or move the workspace to a larger plan.',
  },
  unsafe_throttled: {
    meaning:
      'Too many destinations from this account or address were refused as `unsafe_url` within an hour (`SAFETY_STRIKES_PER_HOUR`, 5 by default): creating links is paused for an hour.',
    action: 'Wait `Retry-After` seconds, and stop submitting listed destinations.',
  },
  headers_too_large: {
    meaning: "The request headers are larger than the server takes (Node.js's limit, 16 KiB by default). The connection is closed.",
    action: 'Send fewer or smaller headers; large cookies are the usual cause.',
  },
  internal: {
    meaning:
      "A fault on Sling's side. The answer names a request id (in `details.request_id` and `X-Request-Id`) under which the server logged the cause; no stack is sent.",
    action: "Try again later. If it persists, give the request id to the instance's operator.",
  },
  unavailable: {
    meaning:
      'Sling cannot serve the request just now: the database is unreachable, every worker thread is busy and the queue is full, the server is shutting down, the address has too many open connections (`MAX_CONNECTIONS_PER_IP`), or a mail could not be sent.',
    action: 'Try again after `Retry-After` seconds when given, otherwise after a few seconds.',
  },
} satisfies Record<ErrorCode, ErrorDoc>;
