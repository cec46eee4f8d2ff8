'use client';
// The anonymous shortener: paste a URL, get a short link with copy and QR buttons. Each request
// carries an ALTCHA proof-of-work solved invisibly in a worker.
import { useState, type FormEvent } from 'react';
import { useAltcha } from './altcha/use-altcha';
import { FormError } from './form-error';
import { ShortLinkQr } from './short-link-qr';
import { useToast } from './toasts';
import { withScheme } from '@/lib/links/with-scheme';

type Result = { short_url: string; long_url: string };

export function Shortener() {
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [qrOpen, setQrOpen] = useState(false);
  const toast = useToast();
  const takeAltcha = useAltcha();

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      // The proof-of-work was solved in the background while the visitor typed.
      const altcha = await takeAltcha();
      const res = await fetch('/api/v1/shorten', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url: withScheme(url), altcha }),
      });
      const body = await res.json().catch(() => null);
      if (!res.ok) {
        setResult(null);
        setError(body?.error?.message ?? `Something went wrong (HTTP ${res.status}).`);
      } else {
        setResult(body);
        setUrl('');
      }
    } catch {
      setError('Could not reach the server. Check your connection and try again.');
    } finally {
      setBusy(false);
    }
  }

  async function copy() {
    if (!result) return;
    try {
      await navigator.clipboard.writeText(result.short_url);
      toast.show('Copied');
    } catch {
      toast.show('Copying failed; select the link and copy it by hand.', { kind: 'error' });
    }
  }

  return (
    <>
      <form className="shorten-form" onSubmit={submit}>
        <label htmlFor="long-url">Long URL</label>
        <input
          id="long-url"
          name="url"
          type="text"
          inputMode="url"
          autoComplete="off"
          placeholder="https://example.com/a/very/long/link"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          required
        />
        <button type="submit" disabled={busy}>
          {busy ? 'Shortening…' : 'Shorten'}
        </button>
      </form>
      <FormError message={error} />
      {result && (
        <div className="result" aria-live="polite">
          <a href={result.short_url} data-testid="short-url">
            {result.short_url}
          </a>
          <div className="row">
            <button type="button" className="secondary small" onClick={copy}>
              Copy
            </button>
            <button type="button" className="secondary small" onClick={() => setQrOpen(true)}>
              QR code
            </button>
          </div>
          <span className="dest">→ {result.long_url}</span>
        </div>
      )}
      {result && qrOpen && <ShortLinkQr shortUrl={result.short_url} onClose={() => setQrOpen(false)} />}
    </>
  );
}
