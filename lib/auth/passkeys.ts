// Passkeys (better-auth's passkey plugin): WebAuthn credentials bound to the host name of the
// instance's public URL (BASE_URL), so changing that host makes every passkey unusable
// (docs/guide/accounts-and-tokens.md#passkeys). A passkey sign-in counts as both factors: the
// authenticator must verify its user (PIN, fingerprint, face), so it skips the TOTP step as Dub and
// GitHub do; it is refused, as a password is, to a suspended account (the admin plugin's session hook)
// and to a member of a workspace that requires SSO.
import { passkey } from '@better-auth/passkey';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { passkeys, users } from '../../db/schema';
import { AppError } from '../core/errors';
import { errorResponse } from '../core/json-response';
import type { Db } from '../db/types';
import { refuseIfSsoRequired } from '../sso/sso-auth';

export const PASSKEY_SIGN_IN_PATH = '/passkey/verify-authentication';
/** The longest passkey name (the plugin sets none). */
const PASSKEY_NAME_MAX = 100;
/** Endpoints that act on one passkey, named by `id` in the body. */
const ONE_PASSKEY_PATHS = new Set(['/passkey/update-passkey', '/passkey/delete-passkey']);
/** Endpoints that take an authenticator's answer. */
const ANSWER_PATHS = new Set(['/passkey/verify-registration', PASSKEY_SIGN_IN_PATH]);
// What a browser sends (the plugin takes any object): the credential id is looked up, so it must be a string.
const ZAuthenticatorAnswer = z.object({
  response: z.object({
    id: z.string().min(1).max(1024),
    rawId: z.string().max(1024),
    type: z.literal('public-key'),
    response: z.record(z.string(), z.unknown()),
  }),
  name: z.string().max(PASSKEY_NAME_MAX).optional(),
});

/** The relying party a passkey is made for: the public URL's host name, and its origin. */
export function passkeyRelyingParty(baseUrl: string): { rpID: string; origin: string } {
  const url = new URL(baseUrl);
  return { rpID: url.hostname, origin: url.origin };
}

/** The plugin as Sling uses it: discoverable credentials with user verification, for the app's host only. */
export function passkeyPlugin(db: Db, baseUrl: string) {
  const { rpID, origin } = passkeyRelyingParty(baseUrl);
  const plugin = passkey({
    rpID,
    rpName: 'Sling',
    origin,
    // Discoverable, so "Continue with a passkey" needs no address; verified, so it is two factors.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    authentication: {
      afterVerification: async ({ verification }) => {
        if (!verification.authenticationInfo.userVerified) {
          throw new APIError('UNAUTHORIZED', {
            code: 'USER_NOT_VERIFIED',
            message: 'Your authenticator did not verify you (PIN, fingerprint or face). Try again, or sign in with your password.',
          });
        }
      },
    },
  });
  // Someone else's passkey is not found (404 in the JSON error shape), as any resource of another
  // account is; the plugin's own check would answer a bodiless 401 after telling it exists.
  const ownPasskeyOnly = createAuthMiddleware(async (ctx) => {
    const session = await getSessionFromCtx(ctx);
    const id = (ctx.body as { id?: unknown } | undefined)?.id;
    if (!session || typeof id !== 'string') return; // the endpoint answers 401 or 400 itself
    const name = (ctx.body as { name?: unknown }).name;
    if (typeof name === 'string' && name.trim().length > PASSKEY_NAME_MAX) {
      return errorResponse(new AppError('invalid_request', `A passkey name has at most ${PASSKEY_NAME_MAX} characters.`));
    }
    const [own] = await db
      .select({ id: passkeys.id })
      .from(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, session.user.id)))
      .limit(1);
    if (!own) return errorResponse(new AppError('not_found', 'No such passkey.'));
  });
  const wellFormedAnswer = createAuthMiddleware(async (ctx) => {
    if (!ZAuthenticatorAnswer.safeParse(ctx.body).success) {
      return errorResponse(new AppError('invalid_request', 'The passkey answer is malformed: send what the browser’s WebAuthn call returned.'));
    }
  });
  return {
    ...plugin,
    hooks: {
      before: [
        { matcher: (ctx: { path?: string }) => ONE_PASSKEY_PATHS.has(ctx.path ?? ''), handler: ownPasskeyOnly },
        { matcher: (ctx: { path?: string }) => ANSWER_PATHS.has(ctx.path ?? ''), handler: wellFormedAnswer },
      ],
    },
    onResponse: registrationRefusedAs400,
  };
}

/**
 * The plugin answers 500 for any registration it cannot verify (an answer that does not parse, a
 * wrong challenge or origin), as it cannot tell them apart from its own faults: a refused passkey,
 * 400. better-auth has logged the cause.
 */
async function registrationRefusedAs400(res: Response): Promise<{ response: Response } | undefined> {
  if (res.status !== 500) return;
  const body = (await res
    .clone()
    .json()
    .catch(() => null)) as { code?: unknown } | null;
  if (body?.code !== 'FAILED_TO_VERIFY_REGISTRATION') return;
  return { response: errorResponse(new AppError('invalid_request', 'This passkey could not be verified. Try adding it again.')) };
}

/** At the passkey sign-in, before its session is made: the rules a password sign-in follows (SSO required). */
export async function assertPasskeySessionAllowed(db: Db, userId: string): Promise<void> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (user) await refuseIfSsoRequired(db, user.email);
}
