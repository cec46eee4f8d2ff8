'use client';
// Admin console → Instance settings: who may sign up, and whether visitors may shorten without an
// account (with an hourly limit per IP address).
import { useRouter } from 'next/navigation';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { SettingsJson } from '@/lib/admin/admin-settings';
import { adminApi } from './admin-api';
import { ApiError } from './api-client';
import { FormError } from './form-error';
import { useToast } from './toasts';

const SIGNUP_CHOICES: Array<[SettingsJson['signups'], string, ReactNode]> = [
  ['open', 'Open', 'Anyone can create an account.'],
  ['invite_only', 'Invite only', 'Only addresses with a pending workspace invitation can sign up.'],
  [
    'closed',
    'Closed',
    <>
      Nobody can sign up; accounts are made with <code>sling users create</code>.
    </>,
  ],
];

export function InstanceSettingsForm({ settings }: { settings: SettingsJson }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const router = useRouter();
  const { show } = useToast();

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const perHour = String(form.get('anonymous_per_hour') ?? '').trim();
    const note = String(form.get('note') ?? '').trim();
    setBusy(true);
    setError(null);
    try {
      await adminApi.saveSettings({
        signups: form.get('signups'),
        anonymous_shortening: form.get('anonymous_shortening') === 'on',
        anonymous_per_hour: perHour === '' ? null : Number(perHour),
        ...(note ? { note } : {}),
      });
      show('Settings saved.');
      router.refresh();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'That did not work; try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="stack instance-settings" onSubmit={submit}>
      <fieldset>
        <legend>Sign-ups</legend>
        <div className="choice-list">
          {SIGNUP_CHOICES.map(([value, label, hint]) => (
            <label key={value} className="choice">
              <input type="radio" name="signups" value={value} defaultChecked={settings.signups === value} />
              <span>
                <strong>{label}</strong>
                <span className="hint">{hint}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>Shortening without an account</legend>
        <label className="choice">
          <input type="checkbox" name="anonymous_shortening" defaultChecked={settings.anonymous_shortening} />
          <span>
            <strong>Allow it on the home page</strong>
            <span className="hint">Off: the shortener asks visitors to sign in.</span>
          </span>
        </label>
        <label className="per-hour">
          Links per IP address per hour
          <input
            name="anonymous_per_hour"
            type="number"
            min={1}
            max={100000}
            inputMode="numeric"
            defaultValue={settings.anonymous_per_hour ?? ''}
            placeholder="No hourly limit"
          />
          <span className="hint">Empty: only the per-minute and per-day limits of the server’s configuration apply.</span>
        </label>
      </fieldset>
      <label>
        <span>
          Note for the audit trail <span className="muted">(optional)</span>
        </span>
        <input name="note" maxLength={1000} />
      </label>
      <FormError message={error} />
      <div>
        <button type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Save settings'}
        </button>
      </div>
    </form>
  );
}
