'use client';
// Add a custom domain in a modal <dialog>: the host name, checked by the server (its message shown
// on the field); a refusal that is not about the field (the plan's allowance) is shown plainly.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ApiError, domainsApi, type DomainView } from './domains-api';

interface AddDomainDialogProps {
  linkHost: string;
  onAdded: (domain: DomainView) => void;
  onClose: () => void;
}

export function AddDomainDialog({ linkHost, onAdded, onClose }: AddDomainDialogProps) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [hostname, setHostname] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<{ message: string; plan: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    dialog.current?.showModal();
    dialog.current?.querySelector<HTMLInputElement>('input[name="hostname"]')?.focus();
  }, []);

  async function add(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setFieldError(null);
    setError(null);
    try {
      const { domain } = await domainsApi<{ domain: DomainView }>('', { method: 'POST', body: { hostname: hostname.trim() } });
      onAdded({ ...domain, link_count: 0, certificate: null });
      dialog.current?.close();
    } catch (err) {
      const details = err instanceof ApiError ? err.details : {};
      if (typeof details.hostname === 'string') {
        // The field's own words, with the server's full sentence when it says more.
        setFieldError((err as Error).message || details.hostname);
        dialog.current?.querySelector<HTMLInputElement>('input[name="hostname"]')?.focus();
      } else {
        setError({ message: (err as Error).message, plan: 'limit' in details });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <dialog ref={dialog} className="link-dialog domain-dialog" aria-labelledby={`${id}-title`} onClose={onClose}>
      <form className="stack" onSubmit={add} noValidate>
        <div className="row between">
          <h2 id={`${id}-title`}>Add a domain</h2>
          <button type="button" className="secondary small" onClick={() => dialog.current?.close()} aria-label="Close">
            ×
          </button>
        </div>
        <p className="muted dialog-lead">
          Short links on your own domain, such as <code>go.example.com/launch</code>. After adding it you point two DNS records at Sling ({linkHost}).
        </p>
        <label>
          Domain
          <input
            name="hostname"
            type="text"
            inputMode="url"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="go.example.com"
            value={hostname}
            onChange={(e) => setHostname(e.target.value)}
            aria-invalid={Boolean(fieldError)}
            aria-describedby={fieldError ? `${id}-error` : `${id}-hint`}
          />
          {fieldError ? (
            <span className="field-error" id={`${id}-error`}>
              {fieldError}
            </span>
          ) : (
            <span className="hint" id={`${id}-hint`}>
              A subdomain you do not use for anything else works best.
            </span>
          )}
        </label>
        {error ? (
          <div className="notice" role="alert" data-testid="add-domain-error">
            <p>{error.message}</p>
            {error.plan ? (
              <p>
                <a href="/settings/plan">See plans and usage</a>
              </p>
            ) : null}
          </div>
        ) : null}
        <div className="row end">
          <button type="button" className="secondary" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
          <button type="submit" aria-disabled={busy}>
            {busy ? 'Adding…' : 'Add domain'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
