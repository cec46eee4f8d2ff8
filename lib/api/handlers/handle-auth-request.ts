// /api/auth/* through better-auth, with Sling's changes at the HTTP boundary: sessions are revoked by
// id, answers carry no session tokens (the HttpOnly cookie is the session; page scripts never need
// its secret), and better-auth's bodiless or plain-text errors become the JSON error shape.
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { sessions } from '../../../db/schema';
import { database } from '../../db/database';
import { AppError, ERROR_STATUS, type ErrorCode } from '../../core/errors';
import { errorResponse } from '../../core/json-response';
import { readJsonBody } from '../../http/read-json-body';
import { SP_METADATA_PATH, spMetadataAnswer } from '../../sso/saml-sp-metadata';
import { isOidcCallbackPath, isSamlAcsPath, ssoReturnAnswer } from '../../sso/sso-return-answer';
import { ssoSignInRequest } from './start-sso';
import type { Auth } from '../../auth/auth';
import { loadAuth } from '../../auth/load-auth';

const BASE_PATH = '/api/auth';
const ZRevokeById = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/) });

export async function handleAuthRequest(req: Request): Promise<Response> {
  const auth = await loadAuth();
  const path = new URL(req.url).pathname.slice(BASE_PATH.length);
  if (req.method === 'GET' && path === SP_METADATA_PATH) return spMetadataAnswer(req);
  if (isSamlAcsPath(path)) return ssoReturnAnswer(await auth.handler(req), 'invalid_saml_response');
  if (isOidcCallbackPath(path)) return ssoReturnAnswer(await auth.handler(req), 'sso_failed');
  const forwarded =
    req.method === 'POST' && path === '/revoke-session'
      ? await revokeSessionById(auth, req)
      : req.method === 'POST' && path === '/sign-in/sso'
        ? await ssoSignInRequest(req)
        : req;
  return withoutTokens(asJsonError(await auth.handler(forwarded)));
}

/** `{id}` (as /list-sessions shows it) becomes better-auth's `{token}`, for one of the caller's own sessions. */
async function revokeSessionById(auth: Auth, req: Request): Promise<Request> {
  const body = await readJsonBody(req);
  const byId = ZRevokeById.safeParse(body);
  const session = byId.success ? await auth.api.getSession({ headers: req.headers }) : null;
  let forwardedBody = body;
  if (byId.success && session) {
    const { db } = await database();
    const [own] = await db
      .select({ token: sessions.token })
      .from(sessions)
      .where(and(eq(sessions.id, byId.data.id), eq(sessions.userId, session.user.id)));
    if (!own) throw new AppError('not_found', 'No such session.');
    forwardedBody = { token: own.token };
  }
  const headers = new Headers(req.headers);
  headers.delete('content-length');
  return new Request(req.url, { method: 'POST', headers, body: JSON.stringify(forwardedBody) });
}

const STATUS_CODES = new Map(Object.entries(ERROR_STATUS).map(([code, status]) => [status as number, code as ErrorCode]));

/** better-auth's router answers unknown paths and some refusals with an empty or text body, and its rate limit with `{message}`. */
function asJsonError(res: Response): Response {
  if (res.status === 429) {
    // Answered as Sling's own limits are (docs/api/rate-limits.md): rate_limited with Retry-After.
    const retryAfter = Math.max(1, Number(res.headers.get('x-retry-after')) || 60);
    const message = `Too many requests from this address. Try again in ${retryAfter} s.`;
    return errorResponse(new AppError('rate_limited', message, { retry_after: retryAfter }, { 'Retry-After': String(retryAfter) }));
  }
  if (res.status < 400 || isJson(res)) return res;
  const code = STATUS_CODES.get(res.status) ?? (res.status < 500 ? 'invalid_request' : 'internal');
  const message =
    code === 'not_found'
      ? 'There is no such endpoint.'
      : code === 'method_not_allowed'
        ? 'This endpoint does not accept that method.'
        : 'The request could not be handled.';
  const kept = Object.fromEntries([...res.headers].filter(([k]) => /^(retry-after|x-retry-after|allow)$/i.test(k)));
  const answer = errorResponse(new AppError(code, message, undefined, kept));
  // better-auth's own status stands where the table has no code for it (e.g. 402, 501).
  return answer.status === res.status ? answer : new Response(answer.body, { status: res.status, headers: answer.headers });
}

/** Drops session tokens from JSON answers: `token` (sign-in, sign-up, two-factor steps), `session.token` (get-session) and each listed session's. */
async function withoutTokens(res: Response): Promise<Response> {
  if (!isJson(res) || res.status >= 400) return res;
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new Response(text, res);
  }
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(strip(body)), { status: res.status, statusText: res.statusText, headers });
}

function strip(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(strip);
  if (!body || typeof body !== 'object') return body;
  const { token: _token, ...rest } = body as Record<string, unknown>;
  const session = rest.session;
  if (session && typeof session === 'object' && !Array.isArray(session)) {
    const { token: _sessionToken, ...sessionRest } = session as Record<string, unknown>;
    rest.session = sessionRest;
  }
  return rest;
}

function isJson(res: Response): boolean {
  return /^application\/(.+\+)?json\b/i.test(res.headers.get('content-type') ?? '');
}
