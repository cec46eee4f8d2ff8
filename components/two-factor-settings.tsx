'use client';
// Settings → Two-factor authentication: enable (QR code, backup codes, confirm with a code) and
// disable (password and a current code).
import QRCode from 'qrcode';
import { useState, type FormEvent } from 'react';
import { authClient } from './auth-client';
import { FormError } from './form-error';
import { flashToast, useToast } from './toasts';

/** Offers the backup codes as a text file. */
function downloadCodes(codes: string[]) {
  const text = `Sling backup codes\nEach code signs you in once when you cannot use your authenticator app.\n\n${codes.join('\n')}\n`;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = 'sling-backup-codes.txt';
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function TwoFactorSettings({ enabled }: { enabled: boolean }) {
  const [setup, setSetup] = useState<{ qr: string; secret: string; backupCodes: string[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();

  async function copyCodes(codes: string[]) {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast.show('Backup codes copied. Keep them somewhere safe.');
    } catch {
      toast.show('Copying failed; download the codes instead.', { kind: 'error' });
    }
  }

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
    flashToast('Two-factor authentication is on.');
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
    flashToast('Two-factor authentication is off.');
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
          <div className="row">
            <button type="button" className="secondary small" onClick={() => void copyCodes(setup.backupCodes)}>
              Copy codes
            </button>
            <button type="button" className="secondary small" onClick={() => (downloadCodes(setup.backupCodes), toast.show('Backup codes downloaded.'))}>
              Download codes
            </button>
          </div>
          <form className="row" onSubmit={confirmCode}>
            <label>
              Code from the app
              <input name="code" inputMode="numeric" autoComplete="one-time-code" required />
            </label>
            <button type="submit">Turn on two-factor</button>
          </form>
        </div>
      ) : (
        <form className="stack" onSubmit={start}>
          <p>
            <strong>Off.</strong> Two-factor authentication adds a second step to signing in: a 6-digit code from an authenticator app on your phone, so a
            stolen password alone is not enough. Enter your password to set it up.
          </p>
          <div className="row">
            <label>
              Password
              <input name="password" type="password" autoComplete="current-password" required />
            </label>
            <button type="submit">Set up two-factor</button>
          </div>
        </form>
      )}
    </div>
  );
}
