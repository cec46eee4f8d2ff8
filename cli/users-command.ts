// `sling users create|set-plan`: accounts from the shell (admins). Plans belong to workspaces: a new
// account's plan is its personal workspace's; set-plan changes the personal workspace, or the
// workspace named with --workspace <slug>.
import { eq } from 'drizzle-orm';
import { PLANS, workspaces, type Plan } from '../db/schema';
import { getAuth } from '../lib/auth/auth';
import { findUserByEmail, lookUpUserByEmail } from '../lib/auth/find-user-by-email';
import { AppError, invalidField } from '../lib/http/errors';
import { openCliRuntime } from './cli-runtime';
import { print } from './cli-io';
import { findWorkspaceBySlug, personalWorkspaceOf } from '../lib/workspaces/find-workspace';
import { readPassword, type PasswordOptions } from './read-password';
import { UsageError } from './usage-error';

export async function runUsersCommand(action: string | undefined, values: PasswordOptions & { email?: string; plan?: string; name?: string; workspace?: string }) {
  if (action !== 'create' && action !== 'set-plan') throw new UsageError('Usage: sling users create|set-plan --email E …');
  if (!values.email && !(action === 'set-plan' && values.workspace)) throw new UsageError('--email is required');
  const plan = (values.plan ?? 'free') as Plan;
  if (!PLANS.includes(plan)) throw new UsageError(`--plan must be one of ${PLANS.join(', ')}`);
  // Asked before the database opens, so a prompt does not hold the embedded database's lock.
  const password = action === 'create' ? await readPassword(values) : '';
  if (action === 'create' && password.length < 8) throw invalidField('password', 'The password must be at least 8 characters.');
  const runtime = await openCliRuntime();
  try {
    const db = runtime.handle.db;
    if (action === 'create') {
      // Sign-up answers a known address as if it were new (and mails its owner); an admin is told.
      if (await lookUpUserByEmail(db, values.email!)) throw new AppError('invalid_request', `An account with the email ${values.email} already exists.`);
      const auth = await getAuth();
      const { user } = await auth.api.signUpEmail({
        body: { email: values.email!, password, name: values.name ?? values.email!.split('@')[0] },
      });
      const ws = await personalWorkspaceOf(db, user.id);
      await db.update(workspaces).set({ plan, updatedAt: new Date() }).where(eq(workspaces.id, ws.id));
      print(JSON.stringify({ id: user.id, email: user.email, plan, workspace: { id: ws.id, slug: ws.slug } }));
    } else {
      const ws = values.workspace ? await findWorkspaceBySlug(db, values.workspace) : await personalWorkspaceOf(db, (await findUserByEmail(db, values.email!)).id);
      await db.update(workspaces).set({ plan, updatedAt: new Date() }).where(eq(workspaces.id, ws.id));
      print(JSON.stringify({ workspace: { id: ws.id, slug: ws.slug, name: ws.name }, plan }));
    }
  } finally {
    await runtime.close();
  }
}
