// `sling users create|set-plan|set-admin`: accounts from the shell (admins). Plans belong to
// workspaces: a new account's plan is its personal workspace's; set-plan changes the personal
// workspace, or the workspace named with --workspace <slug>. set-admin [--off] grants or takes back
// the platform admin role (the admin console).
import { PLANS, type Plan } from '../db/schema';
import { setPlatformAdmin } from '../lib/admin/set-platform-admin';
import { getAuth } from '../lib/auth/auth';
import { findUserByEmail, lookUpUserByEmail } from '../lib/auth/find-user-by-email';
import { AppError, invalidField } from '../lib/core/errors';
import { openCliRuntime } from './cli-runtime';
import { print } from './cli-io';
import { findWorkspaceBySlug, personalWorkspaceOf } from '../lib/workspaces/find-workspace';
import { setWorkspacePlan } from '../lib/workspaces/set-workspace-plan';
import { readPassword, type PasswordOptions } from './read-password';
import { UsageError } from './usage-error';

type UsersOptions = PasswordOptions & { email?: string; plan?: string; name?: string; workspace?: string; off?: boolean };

export async function runUsersCommand(action: string | undefined, values: UsersOptions, positionals: string[] = []) {
  if (action === 'set-admin') return setAdmin(values.email ?? positionals[0], values.off === true);
  if (action !== 'create' && action !== 'set-plan') throw new UsageError('Usage: sling users create|set-plan|set-admin --email E …');
  if (!values.email && !(action === 'set-plan' && values.workspace)) throw new UsageError('--email is required');
  // A new account starts on Free; changing a plan must name the plan (never a silent downgrade).
  if (action === 'set-plan' && values.plan === undefined) throw new UsageError(`--plan is required: one of ${PLANS.join(', ')}`);
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
      const ws = await setWorkspacePlan(db, (await personalWorkspaceOf(db, user.id)).id, plan);
      print(JSON.stringify({ id: user.id, email: user.email, plan, workspace: { id: ws.id, slug: ws.slug } }));
    } else {
      const found = values.workspace
        ? await findWorkspaceBySlug(db, values.workspace)
        : await personalWorkspaceOf(db, (await findUserByEmail(db, values.email!)).id);
      const ws = await setWorkspacePlan(db, found.id, plan);
      print(JSON.stringify({ workspace: { id: ws.id, slug: ws.slug, name: ws.name }, plan }));
    }
  } finally {
    await runtime.close();
  }
}

/** `sling users set-admin <email> [--off]` (or --email E). */
async function setAdmin(email: string | undefined, off: boolean) {
  if (!email) throw new UsageError('Usage: sling users set-admin <email> [--off]');
  const runtime = await openCliRuntime();
  try {
    const db = runtime.handle.db;
    const user = await setPlatformAdmin(db, (await findUserByEmail(db, email)).id, !off);
    print(JSON.stringify({ id: user.id, email: user.email, role: user.role }));
  } finally {
    await runtime.close();
  }
}
