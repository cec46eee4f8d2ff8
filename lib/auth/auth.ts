// better-auth, built once per process on the shared database handle (sessions: docs/adr/0004-sessions-in-postgresql.md;
// also 2FA, organizations and SSO). Route handlers reach it through getAuth().
import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { organization } from 'better-auth/plugins/organization';
import { admin } from 'better-auth/plugins/admin';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { accounts, sessions, ssoProviders, twoFactors, users, verifications, workspaceInvitations, workspaceMembers, workspaces } from '../../db/schema';
import { passkeys } from '../../db/schema/auth';
import { loadConfig } from '../config/load-config';
import { database } from '../db/database';
import { getGlobalSingleton, setGlobalSingleton } from '../core/global-singleton';
import { CLIENT_IP_HEADER } from '../core/client-ip-header';
import { sendMail } from '../mail/send-mail';
import { ensurePersonalWorkspace } from '../workspaces/ensure-personal-workspace';
import { openingWorkspace } from '../workspaces/opening-workspace';
import { recordLogin } from '../audit/login-history';
import { mailExistingAccount } from './mail-existing-account';
import { refusedEndpoint } from './refuse-endpoint';
import { servedOverHttp } from './endpoint-policy';
import { enabledIssuerOrigins } from '../sso/enabled-connection';
import { provisionAfterSignIn, refuseIfSsoRequired, SSO_SIGN_IN_PATHS, ssoPlugin, validateSsoIdentity } from '../sso/sso-auth';
import { assertSignupAllowed } from '../instance/assert-signup-allowed';
import { errorResponse } from '../core/json-response';
import { AppError } from '../core/errors';
import { claimFirstAdmin } from '../instance/claim-first-admin';
import { hashPassword, verifyPassword } from '../passwords/password';
import { sharedRateLimitStorage } from './shared-rate-limit-storage';
import { attemptRule, IP_ADDRESS_OPTIONS } from './sign-in-attempts';
import { forgetSession } from '../workspaces/session-actor-cache';
import { mailConfigured } from '../mail/mail-configured';
import { MAGIC_LINK_PATHS, magicLinkPlugin, magicLinkSessionAllowed } from './magic-link';
import { assertPasskeySessionAllowed, PASSKEY_SIGN_IN_PATH, passkeyPlugin } from './passkeys';
import { socialProviderConfigs } from './social-providers';
import { markSessionMethod } from './sign-in-method';
import { assertSocialSessionAllowed, assertSocialSignupAllowed, dropUnprovenCredentials, SOCIAL_CALLBACK_PATH } from './social-sign-in-rules';

const SIGN_IN_STEPS = new Set(['/sign-in/email', '/magic-link/verify', '/two-factor/verify-totp', '/two-factor/verify-backup-code', PASSKEY_SIGN_IN_PATH]);

// Workspaces are better-auth organizations on our tables; endpoint-policy.ts keeps the plugin's
// HTTP endpoints closed (Sling's /api/v1/workspace* endpoints carry Sling's rules).
const workspacePlugin = organization({
  schema: {
    organization: { modelName: 'workspace' },
    member: { modelName: 'workspaceMember' },
    invitation: { modelName: 'workspaceInvitation' },
  },
});

/** Sling's better-auth; `config` defaults to the process's (tests list endpoints with their own). */
export function createAuth(db: Awaited<ReturnType<typeof database>>['db'], config = loadConfig()) {
  return betterAuth({
    baseURL: config.BASE_URL,
    basePath: '/api/auth',
    secret: config.SECRET_KEY,
    telemetry: { enabled: false },
    // Where better-auth sends a browser whose sign-in it cannot place (an unknown, stale or tampered
    // OAuth state): the sign-in page, with `?error=<code>` (sso-return-answer.ts says the rest).
    onAPIError: { errorURL: `${config.BASE_URL}/login` },
    // Identity providers on private addresses (SSO_ALLOW_PRIVATE_ISSUERS) must be trusted origins
    // for @better-auth/sso to fetch their token endpoint and keys.
    ...(config.SSO_ALLOW_PRIVATE_ISSUERS ? { trustedOrigins: () => enabledIssuerOrigins(db) } : {}),
    // Password and code guessing: AUTH_ATTEMPTS_PER_MINUTE attempts per IP and path, for every
    // sign-in path (better-auth's own 3 per 10 s would turn away the fourth colleague behind one
    // office NAT). "Continue with SSO" is counted by Sling before it reaches better-auth
    // (sign-in-attempts.ts); the first matching rule applies. Everything else: 300 a minute.
    rateLimit: {
      enabled: true,
      window: 60,
      max: 300,
      customRules: {
        '/sign-in/sso': false,
        '/sign-in/*': attemptRule(config),
        '/magic-link/verify': attemptRule(config),
        '/change-password': attemptRule(config),
        '/request-password-reset': attemptRule(config),
        '/reset-password': attemptRule(config),
        '/two-factor/*': attemptRule(config),
        [PASSKEY_SIGN_IN_PATH]: attemptRule(config),
      },
      // Counted by Sling's own limiters: shared by every instance through Redis when there is one, in
      // this process's limiter registry otherwise (dropped with the rest of its state at a restart).
      customStorage: sharedRateLimitStorage(),
    },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        twoFactor: twoFactors,
        passkey: passkeys,
        workspace: workspaces,
        workspaceMember: workspaceMembers,
        workspaceInvitation: workspaceInvitations,
        ssoProvider: ssoProviders,
      },
    }),
    user: { validateUserInfo: (data) => validateSsoIdentity(db, data) },
    // Social sign-in joins an existing account only on an address the provider verified
    // (social-providers.ts), even one Sling has not proven yet (social-sign-in-rules.ts then drops its password).
    // The providers' access tokens, which Sling never uses again, are stored sealed with SECRET_KEY.
    account: { accountLinking: { enabled: true, requireLocalEmailVerified: false }, encryptOAuthTokens: true },
    databaseHooks: {
      // Every account gets its personal workspace at sign-up; a new session opens on the workspace
      // used last, else the personal one.
      // The instance's first account becomes its admin (lib/instance/claim-first-admin.ts).
      user: {
        create: {
          before: async (user, ctx) => {
            if (ctx?.path === SOCIAL_CALLBACK_PATH) await assertSocialSignupAllowed(db, user);
          },
          after: async (user) => {
            await ensurePersonalWorkspace(db, user);
            await claimFirstAdmin(db, user.id);
          },
        },
      },
      session: {
        create: {
          // A sign-in link cannot ask for the second factor: it signs in no account that has one (magic-link.ts).
          before: async (session, ctx) => {
            if (ctx?.path === '/magic-link/verify' && !(await magicLinkSessionAllowed(db, session.userId))) return false;
            if (ctx?.path === PASSKEY_SIGN_IN_PATH) await assertPasskeySessionAllowed(db, session.userId);
            if (ctx?.path === SOCIAL_CALLBACK_PATH) await assertSocialSessionAllowed(db, session.userId);
            return { data: { ...session, activeOrganizationId: await openingWorkspace(db, session.userId) } };
          },
        },
        // Sign-out, revocations, a ban, a password reset: what API calls remembered of the session goes.
        update: { after: async (session) => forgetSession(session.id) },
        delete: { after: async (session) => forgetSession(session.id) },
      },
      account: {
        create: {
          after: async (account, ctx) => {
            if (ctx?.path === SOCIAL_CALLBACK_PATH) await dropUnprovenCredentials(db, account.userId);
          },
        },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      password: { hash: (password) => busyAsApiError(hashPassword(password)), verify: (data) => busyAsApiError(verifyPassword(data)) },
      // Sign-up never signs in: the form signs in next, with the same password. So a sign-up with an
      // address that has an account can answer exactly as for a new one (200, {user}, no cookie)
      // without letting anyone into that account; the account's owner gets a mail instead.
      autoSignIn: false,
      onExistingUserSignUp: async ({ user }) => void mailExistingAccount(user.email),
      resetPasswordTokenExpiresIn: 3600,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await sendMail({
          kind: 'password-reset',
          to: user.email,
          subject: 'Reset your Sling password',
          text: `Someone asked to reset the password of your Sling account.\n\nTo choose a new password, open this link within an hour:\n${url}\n\nIf it was not you, ignore this mail; your password stays as it is.`,
        });
      },
    },
    hooks: {
      // Runs after better-auth's router matched the endpoint, so `ctx.path` is the endpoint's declared
      // path (e.g. `/callback/:id`) whatever the URL's spelling. Endpoints the policy does not serve
      // over HTTP are refused; only HTTP requests carry `ctx.request`, so Sling's own server-side
      // calls (auth.api.*, e.g. disableTwoFactor behind POST /api/v1/two-factor/disable) pass. Password sign-in of a member
      // of a workspace that requires SSO is refused before the password is looked at.
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.request && !servedOverHttp(ctx.path)) return refusedEndpoint();
        // Sign-in links need a mail server: without one the option is hidden and its endpoints refuse.
        if (ctx.request && MAGIC_LINK_PATHS.has(ctx.path) && !mailConfigured()) {
          return errorResponse(new AppError('not_found', 'Sign-in links by mail are off: this Sling instance has no mail server. Sign in with your password.'));
        }
        if (ctx.path === '/sign-in/email') await refuseIfSsoRequired(db, String((ctx.body as { email?: unknown } | undefined)?.email ?? ''));
        // Sign-ups over HTTP follow the instance setting (open, invite-only, closed); the CLI's do not.
        if (ctx.request && ctx.path === '/sign-up/email') {
          try {
            await assertSignupAllowed(db, (ctx.body as { email?: unknown } | undefined)?.email);
          } catch (err) {
            return errorResponse(err);
          }
        }
      }),
      // Every email sign-in attempt goes to the login history (and may send a new-device notice).
      // With 2FA the password step only opens the second step: the attempt is recorded when the
      // code is checked (success) or when the password is wrong (failure).
      after: createAuthMiddleware(async (ctx) => {
        if (SSO_SIGN_IN_PATHS.has(ctx.path)) {
          const session = ctx.context.newSession;
          if (session) {
            await provisionAfterSignIn(db, String(ctx.params?.providerId ?? ''), session, {
              ip: ctx.request?.headers.get(CLIENT_IP_HEADER) ?? null,
              userAgent: ctx.request?.headers.get('user-agent') ?? null,
            });
          }
          return;
        }
        if (!SIGN_IN_STEPS.has(ctx.path) && ctx.path !== SOCIAL_CALLBACK_PATH) return;
        const session = ctx.context.newSession;
        // Settings → Security and the login history name how the session was made (sign-in-method.ts).
        if (session && ctx.path === SOCIAL_CALLBACK_PATH) await markSessionMethod(db, session.session.id, `social:${ctx.params?.id}`);
        const failed = isAPIError(ctx.context.returned);
        if (session && ctx.path === PASSKEY_SIGN_IN_PATH) await markSessionMethod(db, session.session.id, 'passkey');
        if (session && ctx.path === '/magic-link/verify') await markSessionMethod(db, session.session.id, 'magic-link');
        if (!session && !(failed && ctx.path === '/sign-in/email')) return;
        const email = (session?.user.email ?? String((ctx.body as { email?: unknown } | undefined)?.email ?? '')).toLowerCase();
        if (!email) return;
        await recordLogin(db, {
          email,
          userId: session?.user.id ?? null,
          ip: ctx.request?.headers.get(CLIENT_IP_HEADER) ?? null,
          userAgent: ctx.request?.headers.get('user-agent') ?? null,
          success: Boolean(session),
          ...(ctx.path === '/magic-link/verify' ? { method: 'magic-link' } : {}),
          ...(ctx.path === PASSKEY_SIGN_IN_PATH ? { method: 'passkey' } : {}),
          ...(ctx.path === SOCIAL_CALLBACK_PATH ? { method: `social:${ctx.params?.id}` } : {}),
        });
      }),
    },
    // admin: platform roles and bans (a banned user gets no new session). Its HTTP endpoints stay
    // closed (endpoint-policy.ts); the admin console calls banUser/unbanUser server-side.
    plugins: [
      twoFactor({ issuer: 'Sling', backupCodeOptions: { amount: 10 } }),
      workspacePlugin,
      ssoPlugin(),
      magicLinkPlugin(db),
      // Passkeys for the public URL's host name (passkeys.ts): sign-in without a password or a code.
      passkeyPlugin(db, config.BASE_URL),
      // "Continue with Google / GitHub / Microsoft", for the providers configured (social-providers.ts).
      genericOAuth({ config: socialProviderConfigs(config) }),
      admin({ bannedUserMessage: 'This account is suspended. Contact the administrator of this Sling instance.' }),
    ],
    // Password-reset tokens (mailed, or shown by the admin console) are kept as SHA-256 hashes, as every
    // secret Sling must not read back (docs/self-hosting/security.md). Other verification rows keep
    // plain identifiers: they hold no secret (SAML assertion ids, SSO state) or hash their own (sign-in
    // links, magic-link.ts).
    verification: { storeIdentifier: { default: 'plain', overrides: { 'reset-password:': 'hashed' } } },
    advanced: {
      database: { generateId: () => crypto.randomUUID() },
      ipAddress: IP_ADDRESS_OPTIONS,
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** A full CPU pool (bcrypt runs there) answers 503 with Retry-After; better-auth turns any other error into a bare 500. */
async function busyAsApiError<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'unavailable') throw err;
    throw new APIError('SERVICE_UNAVAILABLE', { code: 'unavailable', message: err.message }, err.headers);
  }
}

/** The process's better-auth instance. */
export async function getAuth(): Promise<Auth> {
  // In the registry: better-auth is bound to one database and configuration; a test's next start makes it afresh.
  let auth = getGlobalSingleton<Auth>('auth');
  if (!auth) {
    auth = createAuth((await database()).db);
    setGlobalSingleton('auth', auth);
  }
  return auth;
}
