'use client';
// The password form in front of a protected public stats page: the right password sets the page's
// cookie (POST …/unlock), then the page is read again, now unlocked.
import '@/app/public-stats.css';
import { useId, useState, type FormEvent } from 'react';

export function PublicStatsUnlock({ shortUrl, unlockPath, domainId }: { shortUrl: string; unlockPath: string; domainId?: number }) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const display = shortUrl.replace(/^https?:\/\//, '');

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const password = String(new FormData(e.currentTarget).get('password') ?? '');
    setBusy(true);
    setError(null);
    try {
      const res = await fetch(unlockPath, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ password, ...(domainId === undefined ? {} : { domain: domainId }) }),
      });
      if (res.status === 204) return window.location.reload();
      if (res.status === 429) setError(`Too many tries. Wait ${res.headers.get('retry-after') ?? '60'} seconds, then try again.`);
      else if (res.status === 403) setError('Wrong password. Try again.');
      else setError('The page could not be opened; try again.');
    } catch {
      setError('The page could not be opened; check your connection.');
    }
    setBusy(false);
  };

  return (
    <form className="public-stats-unlock stack" onSubmit={(e) => void submit(e)}>
      <p className="public-stats-kicker small muted">Public statistics</p>
      <h1>Statistics of {display}</h1>
      <p className="muted">The link's owner protects these statistics with a password.</p>
      <div className="field">
        <label htmlFor={`${id}-password`}>Password</label>
        <input
          id={`${id}-password`}
          name="password"
          type="password"
          required
          autoComplete="current-password"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error ? (
          <span id={`${id}-error`} className="field-error small" role="alert">
            {error}
          </span>
        ) : null}
      </div>
      <div className="row">
        <button type="submit" disabled={busy}>
          {busy ? 'Checking…' : 'View statistics'}
        </button>
      </div>
    </form>
  );
}
