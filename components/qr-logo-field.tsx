'use client';
// The QR dialog's centre logo (docs/guide/features.md, "QR codes"): a PNG or SVG chosen here is checked for
// type and size in the browser, then uploaded at once (PUT /api/v1/links/{id}/qr/logo); the
// dialog's preview shows it, and "Remove" deletes it (DELETE). The server's refusal, if any, is shown.
import { useId, useState } from 'react';

/** What PUT …/qr/logo takes (lib/qr/qr-logo.ts). */
const TYPES = ['image/png', 'image/svg+xml'];
const MAX_BYTES = 256 * 1024;

interface QrLogoFieldProps {
  linkId: number;
  /** Called after an upload or a removal, so the preview is drawn again. */
  onChanged: (state: 'image/png' | 'image/svg+xml' | 'removed') => void;
}

export function QrLogoField({ linkId, onChanged }: QrLogoFieldProps) {
  const id = useId();
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function send(method: 'PUT' | 'DELETE', file?: File) {
    const res = await fetch(`/api/v1/links/${linkId}/qr/logo`, {
      method,
      ...(file ? { body: file, headers: { 'content-type': file.type } } : {}),
    });
    if (res.ok) return;
    const body = await res.json().catch(() => null);
    throw new Error(body?.error?.message ?? `The server answered ${res.status}.`);
  }

  async function choose(input: HTMLInputElement) {
    const file = input.files?.[0];
    if (!file) return;
    setDone(null);
    // Refused here before a byte is sent; the server checks again (dimensions, well-formed SVG).
    if (!TYPES.includes(file.type)) return setError(`“${file.name}” is not a PNG or SVG image.`);
    if (file.size > MAX_BYTES) return setError(`“${file.name}” is ${Math.ceil(file.size / 1024)} KiB; the logo must be at most 256 KiB.`);
    setBusy('upload');
    setError(null);
    try {
      await send('PUT', file);
      setDone(`Uploaded ${file.name}.`);
      onChanged(file.type as 'image/png' | 'image/svg+xml');
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(null);
      input.value = '';
    }
  }

  async function remove() {
    setBusy('remove');
    setError(null);
    setDone(null);
    try {
      await send('DELETE');
      setDone('Logo removed.');
      onChanged('removed');
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="qr-logo-field">
      <label>
        Logo file
        <input
          type="file"
          accept="image/png,image/svg+xml"
          disabled={busy !== null}
          onChange={(e) => choose(e.currentTarget)}
          aria-invalid={Boolean(error)}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        />
      </label>
      <span id={`${id}-hint`} className="hint">
        PNG (up to 2048×2048) or SVG, at most 256 KiB; it replaces the current logo. An SVG logo is drawn in SVG downloads only.
      </span>
      {error ? (
        <span id={`${id}-error`} className="field-error" role="alert">
          {error}
        </span>
      ) : null}
      <div className="row">
        <button type="button" className="secondary small" onClick={remove} disabled={busy !== null}>
          {busy === 'remove' ? 'Removing…' : 'Remove logo'}
        </button>
        <span className="hint" aria-live="polite">
          {busy === 'upload' ? 'Uploading…' : done}
        </span>
      </div>
    </div>
  );
}
