'use client';
// Settings → Profile: the display name can be changed (better-auth updateUser); the email is shown read-only.
import { useState, type FormEvent } from 'react';
import { authClient } from './auth-client';
import { useToast } from './toasts';

export function ProfileForm({ name, email }: { name: string; email: string }) {
  const [saved, setSaved] = useState(name);
  const [value, setValue] = useState(name);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();

  async function save(e: FormEvent) {
    e.preventDefault();
    const next = value.trim();
    if (!next) return setError('Enter a name.');
    setBusy(true);
    setError(null);
    const r = await authClient.updateUser({ name: next });
    setBusy(false);
    if (r.error) return setError(r.error.message ?? 'Could not save the name.');
    setSaved(next);
    toast.show('Name saved');
  }

  return (
    <form className="stack" onSubmit={save} noValidate>
      <label>
        Name
        <input
          name="name"
          autoComplete="name"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'profile-name-error' : undefined}
        />
        {error && (
          <span id="profile-name-error" className="field-error" role="alert">
            {error}
          </span>
        )}
      </label>
      <label>
        Email
        <input name="email" type="email" value={email} readOnly aria-describedby="profile-email-note" />
        <span id="profile-email-note" className="muted small">
          Your sign-in address; it cannot be changed here.
        </span>
      </label>
      <div>
        <button type="submit" disabled={busy || value.trim() === saved}>
          {busy ? 'Saving…' : 'Save name'}
        </button>
      </div>
    </form>
  );
}
