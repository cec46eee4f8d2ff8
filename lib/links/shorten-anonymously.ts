// The home page's shortener: no account, random code only, rate-limited per IP and paid for with an
// ALTCHA proof-of-work solution (solved invisibly by the page); the links live in the system workspace.
import { SYSTEM_WORKSPACE_ID } from '../../db/schema';
import { assertAnonymousShortening } from '../instance/assert-anonymous-shortening';
import { verifyAltcha } from '../altcha/verify-altcha';
import { AppError } from '../core/errors';
import { headersOf, type WindowLimiter } from '../ratelimit/window-limiter';
import { createLink } from './create-link';
import type { AppContext } from '../context/app-context';
import { serializeLink, type LinkJson } from './serialize-link';
import type { TShorten } from './shorten-schema';

/** `body`: parsed by the operation (lib/openapi/operations/public-forms.ts). */
export async function shortenAnonymously(
  body: TShorten,
  ip: string,
  deps: { ctx: AppContext; limiter: WindowLimiter },
): Promise<{ link: LinkJson; headers: Record<string, string> }> {
  const { url, alias, altcha } = body;
  if (alias !== undefined && alias !== null && alias !== '') {
    throw new AppError('forbidden', 'Custom aliases are for registered users; sign up to choose one.', {
      alias: 'Sign in to choose an alias.',
    });
  }
  await assertAnonymousShortening(deps.ctx.handle.db, ip); // the admin console's on/off and hourly limit
  // Every attempt counts, valid or not, so the limit also bounds probing.
  const headers = headersOf(await deps.limiter.consume(`ip:${ip}`));
  try {
    await verifyAltcha(deps.ctx.handle.db, altcha);
    const row = await createLink({ url, workspaceId: SYSTEM_WORKSPACE_ID, clientIp: ip }, deps.ctx);
    return { link: serializeLink(row, deps.ctx.domains), headers };
  } catch (err) {
    if (err instanceof AppError) throw new AppError(err.code, err.message, err.details, { ...headers, ...err.headers });
    throw err;
  }
}
