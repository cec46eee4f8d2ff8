'use client';
// "Report this link": the short link, a reason, details and an optional email; the ALTCHA
// proof-of-work is solved invisibly in a worker. Ends on a thank-you state.
import { useState, type FormEvent } from 'react';
import { useAltcha } from './altcha/use-altcha';
import { FormError } from './form-error';

const REASONS = [
  ['phishing', 'Phishing', 'Pretends to be a bank, shop or service to steal passwords or payment details.'],
  ['malware', 'Malware', 'Downloads a virus, ransomware or other harmful software.'],
  ['spam', 'Spam', 'Unwanted advertising or links sent in bulk.'],
  ['other', 'Something else', 'Illegal, abusive or misleading content of another kind.'],
] as const;

type Sent = { id: number; url: string; email: boolean };

export function ReportForm({ initialUrl }: { initialUrl: string }) {
  const takeAltcha = useAltcha();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [sent, setSent] = useState<Sent | null>(null);
  const [formKey, setFormKey] = useState(0);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const input = {
      url: String(data.get('url') ?? ''),
      reason: String(data.get('reason') ?? ''),
      details: String(data.get('details') ?? ''),
      email: String(data.get('email') ?? ''),
    };
    setBusy(true);
    setError(null);
    setFieldErrors({});
    try {
      const altcha = await takeAltcha();
      const res = await fetch('/api/v1/reports', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...input, altcha }),
      });
      const body = await res.json().catch(() => null);
      if (res.ok) {
        setSent({ id: body.id, url: input.url, email: input.email !== '' });
      } else {
        setError(body?.error?.message ?? `Something went wrong (HTTP ${res.status}).`);
        const details = body?.error?.details;
        if (details && typeof details === 'object') setFieldErrors(details as Record<string, string>);
      }
    } catch {
      setError('Could not reach the server. Check your connection and try again.');
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <div className="report-thanks" role="status">
        <h2>Thank you — we got your report</h2>
        <p>
          Report <strong>#{sent.id}</strong> about <code>{sent.url}</code> is in our review queue. If the link breaks our rules, it will be disabled and
          visitors will no longer reach its destination.
        </p>
        {sent.email && <p className="muted">A confirmation with the report's number goes to the email address you gave.</p>}
        <button
          type="button"
          className="secondary"
          onClick={() => {
            setSent(null);
            setFormKey((k) => k + 1);
          }}
        >
          Report another link
        </button>
      </div>
    );
  }

  const invalid = (field: string) => (fieldErrors[field] ? { 'aria-invalid': true, 'aria-describedby': `${field}-error` } : {});
  const fieldError = (field: string) =>
    fieldErrors[field] ? (
      <span id={`${field}-error`} className="field-error">
        {fieldErrors[field]}
      </span>
    ) : null;

  return (
    <form key={formKey} className="stack report-form" onSubmit={submit} noValidate={false}>
      <label>
        Short link
        <input
          name="url"
          type="text"
          inputMode="url"
          autoComplete="off"
          placeholder="https://sho.rt/abc1234"
          defaultValue={initialUrl}
          required
          {...invalid('url')}
        />
        {fieldError('url')}
      </label>
      <fieldset className="reason-choices" {...invalid('reason')}>
        <legend>What is wrong with it?</legend>
        {REASONS.map(([value, label, hint], i) => (
          <label key={value} className="reason-choice">
            <input type="radio" name="reason" value={value} required defaultChecked={i === 0} />
            <span>
              <strong>{label}</strong>
              <span className="hint">{hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <label>
        <span>
          Details <span className="muted">(optional)</span>
        </span>
        <textarea name="details" rows={4} maxLength={2000} placeholder="Where did you find the link? What does the page ask for?" {...invalid('details')} />
        {fieldError('details')}
      </label>
      <label>
        <span>
          Your email <span className="muted">(optional — for a confirmation)</span>
        </span>
        <input name="email" type="email" autoComplete="email" placeholder="you@example.com" {...invalid('email')} />
        {fieldError('email')}
      </label>
      <FormError message={error} />
      <button type="submit" disabled={busy}>
        {busy ? 'Sending…' : 'Send report'}
      </button>
      <p className="hint">A small proof-of-work runs in your browser to keep bots out; there is nothing to solve.</p>
    </form>
  );
}
