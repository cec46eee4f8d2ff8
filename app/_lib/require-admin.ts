// Admin console pages: a platform admin's session, or the 404 page — to anyone else the console
// does not exist.
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { getAuth, isPlatformAdmin } from '@/app/_lib/sling';

export async function requireAdmin(): Promise<{ id: string; email: string }> {
  const session = await (await getAuth()).api.getSession({ headers: await headers() });
  if (!session || !isPlatformAdmin(session.user)) notFound();
  return { id: session.user.id, email: session.user.email };
}
