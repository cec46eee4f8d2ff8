// `sling users create|set-plan`: accounts from the shell (admins).
import { eq } from 'drizzle-orm';
import { PLANS, sessions, users, type Plan } from '../db/schema';
import { getAuth } from '../lib/auth/auth';
import { invalidField } from '../lib/http/errors';
import { openRuntime } from '../lib/runtime/open-runtime';
import { UsageError } from './usage-error';
import { findUserByEmail } from '../lib/auth/find-user-by-email';

export async function runUsersCommand(action: string | undefined, values: { email?: string; password?: string; plan?: string; name?: string }) {
  if (action !== 'create' && action !== 'set-plan') throw new UsageError('Usage: sling users create|set-plan --email E …');
  if (!values.email) throw new UsageError('--email is required');
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
        body: { email: values.email, password: values.password, name: values.name ?? values.email.split('@')[0] },
      });
      await db.update(users).set({ plan }).where(eq(users.id, user.id));
      // signUpEmail also signs the new user in; a command-line account has no browser to hold that
      // session, and it would show in their Sessions list as an unknown device.
      await db.delete(sessions).where(eq(sessions.userId, user.id));
      console.log(JSON.stringify({ id: user.id, email: user.email, plan }));
    } else {
      const user = await findUserByEmail(db, values.email);
      await db.update(users).set({ plan, updatedAt: new Date() }).where(eq(users.id, user.id));
      console.log(JSON.stringify({ id: user.id, email: user.email, plan }));
    }
  } finally {
    await runtime.close();
  }
}
