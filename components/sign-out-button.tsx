'use client';
import { authClient } from './auth-client';

export function SignOutButton() {
  return (
    <button type="button" className="secondary" onClick={async () => (await authClient.signOut(), window.location.assign('/'))}>
      Sign out
    </button>
  );
}
