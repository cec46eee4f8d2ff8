// Variant B (POST /api): token, long_url and expiration_date (YYYY-MM-DD HH:MM:SS, UTC) from the
// query string or a JSON body; 1,000 requests per hour per token.
import { AppError } from '../http/errors';
import { requestIp } from '../http/handle-route';
import { json } from '../http/json-response';
import { readJsonBody } from '../http/read-json-body';
import type { WorkspaceRequest } from '../http/with-workspace';
import { createLink } from '../links/create-link';
import { formatVariantB, parseExpiration } from '../links/parse-expiration';
import { assertCan } from '../workspaces/actor';

interface Input {
  token?: unknown;
  long_url?: unknown;
  expiration_date?: unknown;
}

// The body is read once per request and shared by the token lookup and the handler.
const inputs = new WeakMap<Request, Promise<Input>>();

function readInput(req: Request): Promise<Input> {
  let pending = inputs.get(req);
  if (!pending) {
    pending = (async () => {
      const query = Object.fromEntries(new URL(req.url).searchParams) as Input;
      const hasBody = (req.headers.get('content-length') ?? '0') !== '0' || req.headers.has('transfer-encoding');
      if (!hasBody) return query;
      const body = await readJsonBody(req);
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw new AppError('invalid_request', 'The request body must be a JSON object.');
      }
      return { ...query, ...(body as Input) };
    })();
    inputs.set(req, pending);
  }
  return pending;
}

export async function tokenParam(req: Request): Promise<string> {
  const { token } = await readInput(req);
  if (typeof token !== 'string' || token === '') {
    throw new AppError('unauthorized', 'Send your API token as the "token" parameter.');
  }
  return token;
}

/** Creates a link in the token's workspace. */
export async function handleTokenParamApi({ req, actor, ctx }: WorkspaceRequest<object>): Promise<Response> {
  if (req.method !== 'POST') throw new AppError('method_not_allowed', 'Use POST.');
  assertCan(actor, 'links.write');
  const input = await readInput(req);
  const expiresAt =
    input.expiration_date === undefined || input.expiration_date === null || input.expiration_date === ''
      ? null
      : parseExpiration(input.expiration_date, 'expiration_date', 'variant-b');
  const link = await createLink({ url: input.long_url, urlField: 'long_url', workspaceId: actor.workspaceId, createdBy: actor.userId, expiresAt, plan: actor.workspace.plan, clientIp: requestIp(req) }, ctx);
  return json(
    {
      short_url: ctx.domains.shortUrl(ctx.domains.byId(link.domainId) ?? ctx.domains.defaultDomain, link.shortCode),
      short_code: link.shortCode,
      long_url: link.longUrl,
      expiration_date: formatVariantB(link.expiresAt),
    },
    { status: 201 },
  );
}
