// How a session or a sign-in was made, as Settings → Security shows it: "SSO · Acme Okta" for
// single sign-on (stored as "sso:<connection name>"), else "Password" (stored as null).
import { eq } from 'drizzle-orm';
import { sessions } from '../../db/schema';
import type { Db } from '../db/types';

export function signInMethodLabel(method: string | null | undefined): string {
  if (method?.startsWith('sso:')) return `SSO · ${method.slice(4)}`;
  if (method === 'passkey') return 'Passkey';
  return 'Password';
}

/** session id → label, for the user's sessions. */
export async function sessionMethodLabels(db: Db, userId: string): Promise<Record<string, string>> {
  const rows = await db.select({ id: sessions.id, method: sessions.signInMethod }).from(sessions).where(eq(sessions.userId, userId));
  return Object.fromEntries(rows.map((r) => [r.id, signInMethodLabel(r.method)]));
}
