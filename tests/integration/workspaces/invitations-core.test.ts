// Invitations in-process (lib/workspaces, no server): expiry, what the invite page is told, and
// that the mailed secret is stored only as its hash. PGlite allows one process per DATA_DIR, so
// expiry is tested here rather than against a running server. Run on PGlite and PostgreSQL.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sessions, users, workspaceInvitations, workspaceMembers } from '../../../db/schema';
import type { DbHandle } from '../../../lib/db/types';
import { AppError } from '../../../lib/core/errors';
import { acceptInvitation } from '../../../lib/workspaces/accept-invitation';
import type { Actor } from '../../../lib/tenancy/actor';
import { createWorkspace } from '../../../lib/workspaces/create-workspace';
import { describeInvitation } from '../../../lib/workspaces/describe-invitation';
import { ensurePersonalWorkspace } from '../../../lib/workspaces/ensure-personal-workspace';
import { inviteMember } from '../../../lib/workspaces/invite-member';
import { listInvitations } from '../../../lib/workspaces/list-invitations';
import { resendInvitation } from '../../../lib/workspaces/resend-invitation';
import { actorForSession } from '../../../lib/workspaces/session-actor';
import { suiteDatabase, TEST_SECRET, type TestDatabase } from '../../helpers/databases';
import { openTestContext } from '../../helpers/open-test-handle';
import { startSmtpListener } from '../../helpers/smtp-listener';

type Smtp = Awaited<ReturnType<typeof startSmtpListener>>;

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

// One listener for the file: lib/ reads SMTP_URL and BASE_URL once per process.
let smtp: Smtp;
beforeAll(async () => {
  smtp = await startSmtpListener();
  Object.assign(process.env, { SMTP_URL: smtp.url, BASE_URL: 'https://sl.ing', SECRET_KEY: TEST_SECRET });
});
afterAll(async () => smtp?.close());

describe(`invitations in-process on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.migrated;
  let tdb: TestDatabase;
  let handle: DbHandle;
  let mailsBefore = 0;
  let owner: Actor;
  const guest = { id: randomUUID(), sessionId: randomUUID() };

  async function addUser(email: string) {
    const id = randomUUID();
    const sessionId = randomUUID();
    await handle.db.insert(users).values({ id, name: email.split('@')[0], email });
    await ensurePersonalWorkspace(handle.db, { id });
    await handle.db.insert(sessions).values({ id: sessionId, userId: id, token: randomUUID(), expiresAt: new Date(Date.now() + 86_400_000) });
    return { id, sessionId };
  }
  /** The secret in this block's n-th mail. */
  async function mailedSecret(n: number): Promise<string> {
    const mails = await smtp.waitFor(mailsBefore + n);
    expect(mails).toHaveLength(mailsBefore + n);
    return /\/invite\/([A-Za-z0-9_-]{43})/.exec(mails[mailsBefore + n - 1].text)![1];
  }

  beforeAll(async () => {
    tdb = await makeDb();
    mailsBefore = smtp.mails.length;
    ({ handle } = await openTestContext(tdb));
    const o = await addUser('olive@example.com');
    Object.assign(guest, await addUser('gus@example.com'));
    const ws = await createWorkspace(handle.db, { userId: o.id, sessionId: o.sessionId, name: 'Team' });
    owner = await actorForSession(handle.db, { user: { id: o.id }, session: { activeOrganizationId: ws.id } });
    expect(owner).toMatchObject({ workspaceId: ws.id, role: 'owner' });
  });
  afterAll(async () => {
    await handle?.close();
    await tdb?.drop();
  });

  test('an expired invitation is listed as expired, described as expired and cannot be accepted', async () => {
    const { invitation, link } = await inviteMember(handle.db, owner, { email: 'gus@example.com' });
    // Mailed, so not answered.
    expect(link).toBeUndefined();
    const secret = await mailedSecret(1);
    expect(smtp.mails[mailsBefore].text).toContain(`https://sl.ing/invite/${secret}`);
    // Only the hash is stored.
    const [row] = await handle.db.select().from(workspaceInvitations).where(eq(workspaceInvitations.id, invitation.id));
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(await describeInvitation(handle.db, secret)).toEqual({
      status: 'pending',
      workspace: { id: owner.workspaceId, name: 'Team' },
      email: 'gus@example.com',
      role: 'member',
      inviter: { name: 'olive', email: 'olive@example.com' },
    });

    await handle.db
      .update(workspaceInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(workspaceInvitations.id, invitation.id));
    expect((await listInvitations(handle.db, owner)).map((i) => i.status)).toEqual(['expired']);
    expect((await describeInvitation(handle.db, secret)).status).toBe('expired');
    const err = await refusal(acceptInvitation(handle.db, { secret, userId: guest.id, sessionId: guest.sessionId }));
    expect({ status: err.status, message: err.message }).toEqual({ status: 400, message: expect.stringMatching(/expired/) });
    expect(await handle.db.select().from(workspaceMembers).where(eq(workspaceMembers.userId, guest.id))).toHaveLength(1);

    // A resend gives it a new week and a new link; the expired link stays dead.
    await resendInvitation(handle.db, owner, invitation.id);
    const fresh = await mailedSecret(2);
    expect((await describeInvitation(handle.db, secret)).status).toBe('unknown');
    expect((await refusal(acceptInvitation(handle.db, { secret, userId: guest.id, sessionId: guest.sessionId }))).status).toBe(404);
    const joined = await acceptInvitation(handle.db, { secret: fresh, userId: guest.id, sessionId: guest.sessionId });
    expect(joined).toMatchObject({ id: owner.workspaceId, role: 'member' });
    expect((await describeInvitation(handle.db, fresh)).status).toBe('accepted');
    const [session] = await handle.db.select().from(sessions).where(eq(sessions.id, guest.sessionId));
    expect(session.activeOrganizationId).toBe(owner.workspaceId);
    const [user] = await handle.db.select().from(users).where(eq(users.id, guest.id));
    expect(user.emailVerified).toBe(true);
  });

  test('describeInvitation for a secret that never existed', async () => {
    expect(await describeInvitation(handle.db, 'A'.repeat(43))).toEqual({ status: 'unknown', workspace: null, email: null, role: null, inviter: null });
    expect((await describeInvitation(handle.db, 'not a secret')).status).toBe('unknown');
  });
});
