// Variant B (POST /api): token, long_url and expiration_date (YYYY-MM-DD HH:MM:SS, UTC) from the
// query string or a JSON body, parsed by the operation's schema (lib/openapi/operations/compat.ts);
// 1,000 requests per hour per token.
import { AppError } from '../../core/errors';
import { requestIp } from '../../http/handle-route';
import { json } from '../../core/json-response';
import { readOptionalJsonBody } from '../../http/read-json-body';
import type { WorkspaceRequest } from '../../http/with-workspace';
import { createLink } from '../../links/create-link';
import { formatVariantB, parseExpiration } from '../../schemas/parse-expiration';
import { variantBCreate, ZVariantBInput } from '../../openapi/operations/compat';
import { OPERATIONS, queryObject } from '../../http/operation';
import { parseWith } from '../../schemas/parse-input';
import { assertCan } from '../../tenancy/actor';
import type { z } from 'zod';

type Input = z.output<typeof ZVariantBInput>;

// The body is read once per request and shared by the token lookup and the handler.
const inputs = new WeakMap<Request, Promise<Input>>();

function readInput(req: Request): Promise<Input> {
  let pending = inputs.get(req);
  if (!pending) {
    pending = (async () => {
      const query = parseWith(ZVariantBInput, queryObject(new URL(req.url).searchParams));
      const body = parseWith(ZVariantBInput, await readOptionalJsonBody(req));
      return { ...query, ...body };
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
async function createViaTokenParam({ req, actor, ctx }: WorkspaceRequest<object>): Promise<Response> {
  if (req.method !== 'POST') throw new AppError('method_not_allowed', 'Use POST.');
  assertCan(actor, 'links.write');
  const input = await readInput(req);
  const expiresAt = input.expiration_date ? parseExpiration(input.expiration_date, 'expiration_date', 'variant-b') : null;
  const link = await createLink(
    {
      url: input.long_url,
      urlField: 'long_url',
      workspaceId: actor.workspaceId,
      createdBy: actor.userId,
      expiresAt,
      plan: actor.workspace.plan,
      clientIp: requestIp(req),
    },
    ctx,
  );
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

export const handleTokenParamApi = Object.assign(createViaTokenParam, { [OPERATIONS]: [variantBCreate] });
