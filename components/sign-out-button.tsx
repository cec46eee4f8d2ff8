'use client';
import { authClient } from './auth-client';

/** Signs out, then opens `to` (the home page unless told). */
export function SignOutButton({ to = '/' }: { to?: string }) {
  return (
    <button type="button" className="secondary" onClick={async () => (await authClient.signOut(), window.location.assign(to))}>
      Sign out
    </button>
  );
}
