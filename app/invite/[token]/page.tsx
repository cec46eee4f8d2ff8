import { headers } from 'next/headers';
import { AcceptInvitation } from '@/components/accept-invitation';
import { SignOutButton } from '@/components/sign-out-button';
import { ROLE_HINTS, ROLE_NAMES } from '@/components/workspace-api';
import type { InvitationDescription } from '@/lib/workspaces/describe-invitation';
import { database, describeInvitation, getAuth } from '@/app/_lib/sling';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Invitation — Sling', robots: { index: false } };

type Described = Exclude<InvitationDescription, { status: 'unknown' }>;

/** Why a link that is not pending cannot be used, and what to do instead. */
function Unusable({ invitation }: { invitation: InvitationDescription }) {
  const ask = invitation.inviter
    ? `Ask ${invitation.inviter.name || invitation.inviter.email} (${invitation.inviter.email}) for a new one.`
    : 'Ask the person who invited you for a new one.';
  const [title, text] =
    invitation.status === 'expired'
      ? ['This invitation has expired', `Invitation links work for 7 days. ${ask}`]
      : invitation.status === 'accepted'
        ? [
            'This invitation was already accepted',
            `It can be used only once. If you accepted it, sign in to find ${invitation.workspace?.name} in your workspaces.`,
          ]
        : invitation.status === 'canceled'
          ? ['This invitation was withdrawn', `An admin of ${invitation.workspace?.name} revoked it or sent a newer one. ${ask}`]
          : [
              'This invitation link does not work',
              'It may be incomplete, or a newer invitation replaced it. Check that the whole link was copied, or ask the person who invited you for a new one.',
            ];
  return (
    <>
      <h1>{title}</h1>
      <p data-testid="invite-problem">{text}</p>
      <p>
        <a href="/">Go to Sling</a>
      </p>
    </>
  );
}

// /invite/<secret>: who invites you where and as what; then sign in or up with the invited address, and accept.
export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const [invitation, session] = await Promise.all([
    database().then(({ db }) => describeInvitation(db, token)),
    getAuth().then(async (auth) => auth.api.getSession({ headers: await headers() })),
  ]);
  if (invitation.status !== 'pending') {
    return (
      <main>
        <div className="card narrow stack invite-card">
          <Unusable invitation={invitation} />
        </div>
      </main>
    );
  }
  const inv: Described = invitation;
  const here = `/invite/${token}`;
  const signedInAs = session?.user.email ?? null;
  const matches = signedInAs !== null && signedInAs.toLowerCase() === inv.email.toLowerCase();
  return (
    <main>
      <div className="card narrow stack invite-card">
        <span className="ws-mark" aria-hidden="true">
          {inv.workspace.name.slice(0, 1).toUpperCase()}
        </span>
        <h1>Join {inv.workspace.name} on Sling</h1>
        <p>
          {inv.inviter.name || inv.inviter.email} invited <strong>{inv.email}</strong> to the workspace {inv.workspace.name}.
        </p>
        <dl className="facts invite-facts">
          <dt>Workspace</dt>
          <dd>{inv.workspace.name}</dd>
          <dt>Invited by</dt>
          <dd>{inv.inviter.name ? `${inv.inviter.name} (${inv.inviter.email})` : inv.inviter.email}</dd>
          <dt>Your role</dt>
          <dd>{ROLE_NAMES[inv.role]}</dd>
        </dl>
        <p className="muted">{ROLE_HINTS[inv.role]}</p>
        {signedInAs === null ? (
          <>
            <p>To accept, create an account or sign in with {inv.email}.</p>
            <div className="row">
              <a className="button" href={`/signup?next=${here}&email=${encodeURIComponent(inv.email)}`}>
                Create account
              </a>
              <a className="button secondary" href={`/login?next=${here}`}>
                Sign in
              </a>
            </div>
          </>
        ) : matches ? (
          <AcceptInvitation token={token} workspaceName={inv.workspace.name} />
        ) : (
          <>
            <p data-testid="invite-other-address">
              You are signed in as <strong>{signedInAs}</strong>, but this invitation is for <strong>{inv.email}</strong>. Sign out, then sign in or create an
              account with {inv.email} to accept it.
            </p>
            <div>
              <SignOutButton to={here} />
            </div>
          </>
        )}
      </div>
    </main>
  );
}
