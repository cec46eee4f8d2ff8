// Who is looking at a page, read once per request from the session cookie: null when signed out,
// else the actor in the session's workspace and every workspace the user can switch to.
import { headers } from 'next/headers';
import { cache } from 'react';
import type { Actor } from '@/lib/tenancy/actor';
import type { WorkspaceJson } from '@/lib/workspaces/list-user-workspaces';
import { actorForSession, database, getAuth, isPlatformAdmin, listUserWorkspaces } from '@/app/_lib/sling';

export interface Viewer {
  actor: Actor;
  email: string;
  name: string;
  workspaces: WorkspaceJson[];
  /** A platform admin (the Admin console is listed). */
  isAdmin: boolean;
}

export const currentViewer = cache(async (): Promise<Viewer | null> => {
  // headers() first: it marks every page dynamic, so the build never opens the database.
  const requestHeaders = await headers();
  const session = await (await getAuth()).api.getSession({ headers: requestHeaders });
  if (!session) return null;
  const db = (await database()).db;
  // The actor first: it creates a missing personal workspace, which the list then includes.
  const actor = await actorForSession(db, session);
  const workspaces = await listUserWorkspaces(db, session.user.id);
  return { actor, email: session.user.email, name: session.user.name, workspaces, isAdmin: isPlatformAdmin(session.user) };
});
