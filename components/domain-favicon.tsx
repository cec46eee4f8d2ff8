'use client';
// The "Favicon" row of a domain card: the icon the domain shows (its own upload, else Sling's), with
// Upload (a PNG, checked by the server) and Remove. The icon is served at the domain's /favicon.ico
// and drawn into QR codes made with logo=favicon.
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from './api-client';
import { FormError } from './form-error';
import { useToast } from './toasts';

interface Shown {
  src: string;
  own: boolean;
}

const SLING: Shown = { src: '/icon.svg', own: false };

export function DomainFavicon({ domainId, hostname }: { domainId: number; hostname: string }) {
  const { show } = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const path = `/api/v1/domains/${domainId}/favicon`;

  const load = useCallback(async () => {
    const res = await fetch(path, { cache: 'no-store' });
    if (!res.ok || res.headers.get('x-favicon-source') !== 'uploaded') return setShown(SLING);
    setShown({ src: URL.createObjectURL(await res.blob()), own: true });
  }, [path]);

  useEffect(() => {
    load().catch(() => setShown(SLING));
  }, [load]);
  useEffect(() => () => void (shown?.own && URL.revokeObjectURL(shown.src)), [shown]);

  async function send(method: 'PUT' | 'DELETE', file?: File) {
    setBusy(true);
    setError(null);
    try {
      const res = await fetch(path, { method, body: file, headers: file ? { 'content-type': file.type || 'application/octet-stream' } : undefined });
      if (!res.ok) {
        const body = await res.json().catch(() => null);
        throw new ApiError(body?.error?.message ?? `The server answered ${res.status}.`, body?.error?.details);
      }
      await load();
      show(method === 'PUT' ? `${hostname} now shows your favicon.` : `${hostname} shows Sling's icon again.`);
    } catch (err) {
      setError((err as Error).message);
      show((err as Error).message, { kind: 'error' });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <div className="domain-favicon" data-testid="domain-favicon">
      <div className="row">
        <span className="favicon-preview">
          {shown ? <img src={shown.src} alt={shown.own ? `Favicon of ${hostname}` : "Sling's icon"} width={32} height={32} /> : null}
        </span>
        <span className="hint">{shown?.own ? 'Your favicon' : "Sling's icon"} — shown in browser tabs and in QR codes with logo=favicon.</span>
        <input
          ref={input}
          type="file"
          accept="image/png"
          hidden
          onChange={(e) => e.target.files?.[0] && send('PUT', e.target.files[0])}
          aria-label={`Favicon file for ${hostname}`}
        />
        <span className="favicon-actions">
          <button type="button" className="secondary small" aria-disabled={busy} onClick={() => !busy && input.current?.click()}>
            Upload<span className="sr-only"> a favicon for {hostname}</span>
          </button>
          {shown?.own ? (
            <button type="button" className="secondary small" aria-disabled={busy} onClick={() => !busy && send('DELETE')}>
              Remove<span className="sr-only"> the favicon of {hostname}</span>
            </button>
          ) : null}
        </span>
      </div>
      {error ? <FormError message={error} /> : <p className="hint">A square PNG of at most 1024×1024 pixels and 512 KiB.</p>}
    </div>
  );
}
