// Dashboard pages: the signed-in user's actor in the session's workspace, or a redirect to sign in
// that comes back to `path` afterwards.
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import type { Actor } from '@/lib/tenancy/actor';
import { actorForSession, database, getAuth } from '@/app/_lib/sling';

export async function requireActor(path?: string): Promise<{ actor: Actor; email: string; name: string; sessionToken: string }> {
  const session = await (await getAuth()).api.getSession({ headers: await headers() });
  if (!session) redirect(path ? `/login?next=${encodeURIComponent(path)}` : '/login');
  const actor = await actorForSession((await database()).db, session);
  return { actor, email: session.user.email, name: session.user.name, sessionToken: session.session.token };
}
