// `sling users create|set-plan`: accounts from the shell (admins). Plans belong to workspaces: a new
// account's plan is its personal workspace's; set-plan changes the personal workspace, or the
// workspace named with --workspace <slug>.
import { eq } from 'drizzle-orm';
import { PLANS, sessions, workspaces, type Plan } from '../db/schema';
import { getAuth } from '../lib/auth/auth';
import { findUserByEmail } from '../lib/auth/find-user-by-email';
import { invalidField } from '../lib/http/errors';
import { openRuntime } from '../lib/runtime/open-runtime';
import { findWorkspaceBySlug, personalWorkspaceOf } from '../lib/workspaces/find-workspace';
import { UsageError } from './usage-error';

export async function runUsersCommand(action: string | undefined, values: { email?: string; password?: string; plan?: string; name?: string; workspace?: string }) {
  if (action !== 'create' && action !== 'set-plan') throw new UsageError('Usage: sling users create|set-plan --email E …');
  if (!values.email && !(action === 'set-plan' && values.workspace)) throw new UsageError('--email is required');
  const plan = (values.plan ?? 'free') as Plan;
  if (!PLANS.includes(plan)) throw new UsageError(`--plan must be one of ${PLANS.join(', ')}`);
  const runtime = await openRuntime();
  try {
    const db = runtime.handle.db;
    if (action === 'create') {
      if (!values.password) throw new UsageError('--password is required');
      if (values.password.length < 8) throw invalidField('password', 'The password must be at least 8 characters.');
      const auth = await getAuth();
      const { user } = await auth.api.signUpEmail({
        body: { email: values.email!, password: values.password, name: values.name ?? values.email!.split('@')[0] },
      });
      const ws = await personalWorkspaceOf(db, user.id);
      await db.update(workspaces).set({ plan, updatedAt: new Date() }).where(eq(workspaces.id, ws.id));
      // signUpEmail also signs the new user in; a command-line account has no browser to hold that
      // session, and it would show in their Sessions list as an unknown device.
      await db.delete(sessions).where(eq(sessions.userId, user.id));
      console.log(JSON.stringify({ id: user.id, email: user.email, plan, workspace: { id: ws.id, slug: ws.slug } }));
    } else {
      const ws = values.workspace ? await findWorkspaceBySlug(db, values.workspace) : await personalWorkspaceOf(db, (await findUserByEmail(db, values.email!)).id);
      await db.update(workspaces).set({ plan, updatedAt: new Date() }).where(eq(workspaces.id, ws.id));
      console.log(JSON.stringify({ workspace: { id: ws.id, slug: ws.slug, name: ws.name }, plan }));
    }
  } finally {
    await runtime.close();
  }
}
