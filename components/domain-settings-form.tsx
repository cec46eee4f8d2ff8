'use client';
// A domain's redirects: where unknown short codes (and links not started yet) on it go, where its
// expired links go when they have no expired_url of their own, and where its root (the bare domain)
// goes. Empty means Sling's own page. The server checks each URL; its message shows on the field.
import { useId, useState, type FormEvent } from 'react';
import { FormError } from './form-error';
import { ApiError, domainsApi, type DomainView } from './domains-api';

interface DomainSettingsFormProps {
  domain: DomainView;
  onSaved: (domain: DomainView) => void;
}

export function DomainSettingsForm({ domain, onSaved }: DomainSettingsFormProps) {
  const id = useId();
  const [notFound, setNotFound] = useState(domain.not_found_url ?? '');
  const [root, setRoot] = useState(domain.root_redirect_url ?? '');
  const [expired, setExpired] = useState(domain.expired_url ?? '');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const changed =
    notFound.trim() !== (domain.not_found_url ?? '') || root.trim() !== (domain.root_redirect_url ?? '') || expired.trim() !== (domain.expired_url ?? '');

  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy || !changed) return;
    setBusy(true);
    setFields({});
    setError(null);
    try {
      const body = { not_found_url: notFound.trim() || null, root_redirect_url: root.trim() || null, expired_url: expired.trim() || null };
      const { domain: saved } = await domainsApi<{ domain: DomainView }>(`/${domain.id}`, { method: 'PATCH', body });
      onSaved({ ...domain, ...saved });
    } catch (err) {
      const details = err instanceof ApiError ? err.details : {};
      setFields(details);
      if (!details.not_found_url && !details.root_redirect_url && !details.expired_url) setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const field = (name: 'root_redirect_url' | 'not_found_url' | 'expired_url', label: string, hint: string, value: string, set: (v: string) => void) => (
    <label>
      {label}
      <input
        name={name}
        type="text"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://example.com"
        value={value}
        onChange={(e) => set(e.target.value)}
        aria-invalid={Boolean(fields[name])}
        aria-describedby={`${id}-${name}`}
      />
      <span id={`${id}-${name}`} className={fields[name] ? 'field-error' : 'hint'}>
        {fields[name] ?? hint}
      </span>
    </label>
  );

  return (
    <form className="stack domain-settings" onSubmit={save} noValidate aria-label={`Redirects for ${domain.hostname}`}>
      <div className="link-dialog-grid">
        {field('root_redirect_url', 'Root redirect', `Where ${domain.hostname}/ sends visitors. Empty: your landing page, or Sling's.`, root, setRoot)}
        {field(
          'not_found_url',
          'Not-found redirect',
          'Where an unknown short link, or one not started yet, sends visitors. Empty: a 404 page.',
          notFound,
          setNotFound,
        )}
        {field(
          'expired_url',
          'Expired-link redirect',
          'Where expired links send visitors unless they have their own. Empty: the “Link Expired” page.',
          expired,
          setExpired,
        )}
      </div>
      <FormError message={error} />
      <div className="row">
        <button type="submit" className="secondary small" disabled={!changed} aria-disabled={busy}>
          {busy ? 'Saving…' : 'Save redirects'}
        </button>
      </div>
    </form>
  );
}
