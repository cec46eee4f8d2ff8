'use client';
// A domain's "Deep links" section: its app association files (apple-app-site-association for iOS,
// assetlinks.json for Android) in two JSON editors, saved with PATCH /api/v1/domains/{id}. Text that
// is not JSON is caught here; the server checks the formats and names the place at fault, shown
// under the editor it concerns. An empty editor removes the file.
import { useId, useState, type FormEvent } from 'react';
import { CodeEditor } from './code-editor';
import { FormError } from './form-error';
import { ApiError, domainsApi, type DomainView } from './domains-api';

type FileField = 'apple_app_site_association' | 'asset_links';

const FILES: Array<{ field: FileField; title: string; path: string; placeholder: string }> = [
  {
    field: 'apple_app_site_association',
    title: 'iOS: apple-app-site-association',
    path: '/.well-known/apple-app-site-association',
    placeholder: '{ "applinks": { "details": [{ "appIDs": ["ABCDE12345.com.example.app"], "components": [{ "/": "/app/*" }] }] } }',
  },
  {
    field: 'asset_links',
    title: 'Android: assetlinks.json',
    path: '/.well-known/assetlinks.json',
    placeholder:
      '[{ "relation": ["delegate_permission/common.handle_all_urls"], "target": { "namespace": "android_app", "package_name": "com.example.app", "sha256_cert_fingerprints": ["14:6D:…:E5"] } }]',
  },
];

const pretty = (value: unknown) => (value == null ? '' : JSON.stringify(value, null, 2));

interface DomainAppLinksProps {
  domain: DomainView;
  onSaved: (domain: DomainView) => void;
}

export function DomainAppLinks({ domain, onSaved }: DomainAppLinksProps) {
  const id = useId();
  const [text, setText] = useState<Record<FileField, string>>({
    apple_app_site_association: pretty(domain.apple_app_site_association),
    asset_links: pretty(domain.asset_links),
  });
  const [saved, setSaved] = useState(text);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const changed = FILES.some(({ field }) => text[field].trim() !== saved[field].trim());

  async function save(e?: FormEvent<HTMLFormElement>) {
    e?.preventDefault();
    if (busy || !changed) return;
    const body: Partial<Record<FileField, unknown>> = {};
    const local: Record<string, string> = {};
    for (const { field } of FILES) {
      if (text[field].trim() === saved[field].trim()) continue;
      try {
        body[field] = text[field].trim() ? JSON.parse(text[field]) : null;
      } catch (err) {
        local[field] = `This is not valid JSON: ${(err as Error).message}`;
      }
    }
    setFields(local);
    setError(null);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      const { domain: updated } = await domainsApi<{ domain: DomainView }>(`/${domain.id}`, { method: 'PATCH', body });
      setSaved(text);
      onSaved({ ...domain, ...updated });
    } catch (err) {
      const details = err instanceof ApiError ? err.details : {};
      setFields(details);
      if (!FILES.some(({ field }) => details[field])) setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="stack app-links" onSubmit={save} noValidate aria-label={`Deep links for ${domain.hostname}`}>
      <p className="hint">
        Let your iOS and Android apps open links on {domain.hostname}: paste the files Xcode and Android Studio describe. Empty removes a file.
      </p>
      <div className="app-links-grid">
        {FILES.map(({ field, title, path, placeholder }) => (
          <div key={field} className="app-link-file" data-file={field}>
            <span className="app-link-title" id={`${id}-${field}-title`}>
              {title}
            </span>
            <div className="app-link-editor" data-invalid={fields[field] ? '' : undefined}>
              <CodeEditor
                language="json"
                label={`${title} for ${domain.hostname}`}
                value={text[field]}
                placeholder={placeholder}
                onChange={(v) => setText((t) => ({ ...t, [field]: v }))}
                onSave={() => void save()}
              />
            </div>
            {fields[field] ? (
              <span className="field-error" role="alert" data-testid={`${field}-error`}>
                {fields[field]}
              </span>
            ) : (
              <span className="hint app-link-url">
                Served at{' '}
                <code>
                  https://{domain.hostname}
                  {path}
                </code>
              </span>
            )}
          </div>
        ))}
      </div>
      <FormError message={error} />
      <div className="row">
        <button type="submit" className="secondary small" disabled={!changed} aria-disabled={busy}>
          {busy ? 'Saving…' : 'Save deep links'}
        </button>
      </div>
    </form>
  );
}
