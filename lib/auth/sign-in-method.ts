// How a session or a sign-in was made, as Settings → Security shows it: "SSO · Acme Okta" for
// single sign-on (stored as "sso:<connection name>"), "GitHub" for social sign-in (stored as
// "social:github"), "Passkey", "Email link" for a magic link, else "Password" (stored as null).
import { eq } from 'drizzle-orm';
import { sessions } from '../../db/schema';
import type { Db } from '../db/types';
import { SOCIAL_PROVIDER_NAMES, type SocialProviderId } from './social-providers';

export function signInMethodLabel(method: string | null | undefined): string {
  if (method?.startsWith('sso:')) return `SSO · ${method.slice(4)}`;
  if (method === 'passkey') return 'Passkey';
  if (method === 'magic-link') return 'Email link';
  if (method?.startsWith('social:')) return SOCIAL_PROVIDER_NAMES[method.slice(7) as SocialProviderId] ?? 'Social sign-in';
  return 'Password';
}

/** How a session was signed in, when not by password: what signInMethodLabel reads back (the login history keeps the same name). */
export type SignInMethod = 'magic-link' | 'passkey' | `social:${string}`;

export async function markSessionMethod(db: Db, sessionId: string, method: SignInMethod): Promise<void> {
  await db.update(sessions).set({ signInMethod: method }).where(eq(sessions.id, sessionId));
}

/** session id → label, for the user's sessions. */
export async function sessionMethodLabels(db: Db, userId: string): Promise<Record<string, string>> {
  const rows = await db.select({ id: sessions.id, method: sessions.signInMethod }).from(sessions).where(eq(sessions.userId, userId));
  return Object.fromEntries(rows.map((r) => [r.id, signInMethodLabel(r.method)]));
}
