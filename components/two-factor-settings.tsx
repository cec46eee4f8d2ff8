'use client';
// Settings → Two-factor authentication: enable (QR code, backup codes, confirm with a code) and
// disable (password and a current code).
import QRCode from 'qrcode';
import { useState, type FormEvent } from 'react';
import { authClient } from './auth-client';
import { FormError } from './form-error';

export function TwoFactorSettings({ enabled }: { enabled: boolean }) {
  const [setup, setSetup] = useState<{ qr: string; secret: string; backupCodes: string[] } | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function start(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setError(null);
    const password = String(new FormData(e.currentTarget).get('password'));
    const r = await authClient.twoFactor.enable({ password });
    if (r.error || !r.data || r.data.method !== 'totp') return setError(r.error?.message ?? 'Could not start two-factor setup.');
    const secret = new URL(r.data.totpURI).searchParams.get('secret') ?? '';
    setSetup({ qr: await QRCode.toDataURL(r.data.totpURI, { margin: 1, width: 200 }), secret, backupCodes: r.data.backupCodes });
  }

  async function confirmCode(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const code = String(new FormData(e.currentTarget).get('code')).trim();
    const r = await authClient.twoFactor.verifyTotp({ code });
    if (r.error) return setError(r.error.message ?? 'That code did not work.');
    window.location.reload();
  }

  async function disable(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const res = await fetch('/api/v1/two-factor/disable', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: form.get('password'), code: form.get('code') }),
    });
    if (!res.ok) return setError((await res.json()).error?.message ?? 'Could not disable two-factor authentication.');
    window.location.reload();
  }

  return (
    <div className="stack">
      <FormError message={error} />
      {enabled ? (
        <>
          <p>
            <strong>On.</strong> Every sign-in asks for a code from your authenticator app.
          </p>
          <form className="row" onSubmit={disable}>
            <label>
              Password
              <input name="password" type="password" autoComplete="current-password" required />
            </label>
            <label>
              Current code
              <input name="code" inputMode="numeric" autoComplete="one-time-code" required />
            </label>
            <button type="submit" className="secondary">
              Disable two-factor
            </button>
          </form>
        </>
      ) : setup ? (
        <div className="stack">
          <p>Scan this code with an authenticator app (or type the key), then enter the 6-digit code it shows.</p>
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img src={setup.qr} alt="QR code for your authenticator app" width={200} height={200} />
          <p>
            Key: <code data-testid="totp-secret">{setup.secret}</code>
          </p>
          <p>Backup codes (each works once; keep them somewhere safe):</p>
          <ul className="codes" data-testid="backup-codes">
            {setup.backupCodes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ul>
          <form className="row" onSubmit={confirmCode}>
            <label>
              Code from the app
              <input name="code" inputMode="numeric" autoComplete="one-time-code" required />
            </label>
            <button type="submit">Turn on two-factor</button>
          </form>
        </div>
      ) : (
        <form className="row" onSubmit={start}>
          <label>
            Password
            <input name="password" type="password" autoComplete="current-password" required />
          </label>
          <button type="submit">Set up two-factor</button>
        </form>
      )}
    </div>
  );
}
