// Single sign-on inside better-auth: @better-auth/sso does the OpenID Connect work (state, PKCE,
// code exchange, ID token checked against the provider's JWKS); Sling adds its rules around it:
// - an identity is accepted only with an address in the connection's proven domain (a provider
//   cannot sign anyone in as an address of another domain, nor link itself to such an account);
// - after the callback, just-in-time provisioning joins the workspace with the connection's
//   default role, the session opens on that workspace, and the sign-in goes to the login history;
// - "Require SSO" refuses password sign-in to members (not the owner) of such a workspace.
import { sso } from '@better-auth/sso';
import { APIError } from 'better-auth/api';
import { and, eq, ne } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { sessions, ssoConnections, users, workspaceMembers, workspaces } from '../../db/schema';
import type { Db } from '../db/types';
import { recordAudit } from '../audit/record-audit';
import { recordLogin } from '../audit/login-history';
import { forgetSession } from '../workspaces/session-actor-cache';
import { setActiveWorkspace } from '../workspaces/set-active-workspace';
import { verifiedDomains } from './connection-domains';
import { emailDomain, enabledConnection } from './enabled-connection';

export const SSO_CALLBACK_PATH = '/sso/callback/:providerId';
/** Where a SAML identity provider posts its responses (SP- and IdP-initiated alike). */
export const SAML_ACS_PATH = '/sso/saml2/sp/acs/:providerId';
/** The endpoints after which a new session is an SSO sign-in to provision. */
export const SSO_SIGN_IN_PATHS = new Set([SSO_CALLBACK_PATH, SAML_ACS_PATH]);

export function ssoPlugin() {
  return sso({
    // Sling joins members itself (provisionAfterSignIn), with its own table and rules.
    organizationProvisioning: { disabled: true },
    // SAML: responses the IdP sends unasked (IdP-initiated) are accepted; a response that answers a
    // request must answer one Sling made, for the same connection. Signatures, audience,
    // recipient, time conditions and replays (each assertion ID once, kept in the verification
    // table until it expires, so across instances) are checked by the plugin through samlify.
    // SHA-1 signatures and digests are refused, not just logged.
    saml: { allowIdpInitiated: true, enableInResponseToValidation: true, requireTimestamps: true, algorithms: { onDeprecated: 'reject' } },
  });
}

/** better-auth `user.validateUserInfo`: SSO identities must carry an address of the connection's domain. */
export async function validateSsoIdentity(db: Db, data: { user: { email?: unknown }; source: { method: string; sso?: { providerId: string } } }) {
  if (!data.source.method.startsWith('sso-')) return;
  const connection = data.source.sso ? await enabledConnection(db, data.source.sso.providerId) : null;
  const email = typeof data.user.email === 'string' ? data.user.email : '';
  if (!connection || !(await verifiedDomains(db, connection.id)).includes(emailDomain(email))) {
    return {
      error: 'email_domain_not_allowed',
      errorDescription: 'Your identity provider gave an address outside the domain of this single sign-on connection.',
    };
  }
}

interface NewSession {
  session: { id: string; userId: string };
  user: { id: string; email: string };
}

/** After @better-auth/sso's callback made a session: join, open the workspace, record the sign-in. */
export async function provisionAfterSignIn(db: Db, providerId: string, s: NewSession, request: { ip: string | null; userAgent: string | null }) {
  const connection = await enabledConnection(db, providerId);
  if (!connection) return;
  await db.transaction(async (tx) => {
    const [joined] = await tx
      .insert(workspaceMembers)
      .values({ id: randomUUID(), organizationId: connection.workspaceId, userId: s.user.id, role: connection.defaultRole })
      .onConflictDoNothing()
      .returning({ id: workspaceMembers.id });
    const via = { type: 'sso_connection' as const, id: connection.id, label: connection.name };
    // The identity provider made the member (no Sling user did): the actor is the connection.
    if (joined)
      await recordAudit(tx, {
        workspaceId: connection.workspaceId,
        actorId: null,
        actorLabel: connection.name,
        action: 'member.provisioned',
        target: { type: 'user', id: s.user.id },
        details: { role: connection.defaultRole, connection_id: connection.id },
        ip: request.ip,
      });
    await recordAudit(tx, { workspaceId: connection.workspaceId, actorId: s.user.id, action: 'sso.signed_in', target: via, ip: request.ip });
    await setActiveWorkspace(tx, { sessionId: s.session.id, userId: s.user.id, workspaceId: connection.workspaceId });
    // Settings → Sessions shows how each session was signed in.
    await tx
      .update(sessions)
      .set({ signInMethod: `sso:${connection.name}` })
      .where(eq(sessions.id, s.session.id));
  });
  forgetSession(s.session.id);
  await recordLogin(db, {
    email: s.user.email.toLowerCase(),
    userId: s.user.id,
    ip: request.ip,
    userAgent: request.userAgent,
    success: true,
    method: `sso:${connection.name}`,
  });
}

/** Throws when the address belongs to a member (not the owner) of a workspace that requires SSO. */
export async function refuseIfSsoRequired(db: Db, email: string): Promise<void> {
  const [row] = await db
    .select({ workspace: workspaces.name })
    .from(users)
    .innerJoin(workspaceMembers, eq(workspaceMembers.userId, users.id))
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.organizationId))
    .innerJoin(ssoConnections, and(eq(workspaces.id, ssoConnections.workspaceId), eq(ssoConnections.enabled, true), eq(ssoConnections.requireSso, true)))
    .where(and(eq(users.email, email.toLowerCase()), ne(workspaceMembers.role, 'owner')))
    .limit(1);
  if (row) {
    throw new APIError('FORBIDDEN', {
      code: 'SSO_REQUIRED',
      message: `${row.workspace} requires single sign-on: use “Continue with SSO” with your work email instead of a password.`,
    });
  }
}
