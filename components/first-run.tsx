'use client';
// A new workspace's start: an inline "shorten your first link" box (in place of the empty list) and
// a short checklist whose items tick from real data (links, clicks, tokens). The checklist can be
// hidden; that choice is kept in this browser, per workspace.
import { useState, useSyncExternalStore, type FormEvent } from 'react';
import { FormError } from './form-error';
import { Icon } from './icons';
import { linksApi, type Link } from './links-api';
import { withScheme } from '@/lib/links/with-scheme';

export function FirstLinkBox({ onCreated, onMoreOptions }: { onCreated: (link: Link) => void; onMoreOptions: () => void }) {
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const link = await linksApi<Link>('', { method: 'POST', body: { url: withScheme(url) } });
      setUrl('');
      onCreated(link);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="first-link" aria-labelledby="first-link-h">
      <h2 id="first-link-h">Shorten your first link</h2>
      <p className="muted">Paste any long address; you get a short link to share, with a QR code and click counts.</p>
      <form className="shorten-form" onSubmit={submit}>
        <label htmlFor="first-link-url">Destination URL</label>
        <input
          id="first-link-url"
          name="url"
          type="text"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="example.com/a/very/long/page"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          required
        />
        <button type="submit" disabled={busy}>
          {busy ? 'Shortening…' : 'Shorten'}
        </button>
      </form>
      <FormError message={error} />
      <p className="small">
        <button type="button" className="link-button" onClick={onMoreOptions}>
          More options: alias, password, expiry…
        </button>
      </p>
    </section>
  );
}

export interface ChecklistItem {
  id: string;
  label: string;
  done: boolean;
  hint: string;
  href?: string;
}

const hiddenKey = (workspaceId: string) => `sling:first-run-hidden:${workspaceId}`;
const listeners = new Set<() => void>();
const subscribe = (fn: () => void) => (listeners.add(fn), () => listeners.delete(fn));

export function FirstRunChecklist({ workspaceId, items }: { workspaceId: string; items: ChecklistItem[] }) {
  const hidden = useSyncExternalStore(
    subscribe,
    () => window.localStorage.getItem(hiddenKey(workspaceId)) === '1',
    () => false,
  );
  const done = items.filter((i) => i.done).length;
  if (hidden || done === items.length) return null;
  const hide = () => {
    window.localStorage.setItem(hiddenKey(workspaceId), '1');
    listeners.forEach((fn) => fn());
  };
  return (
    <section className="checklist" aria-labelledby="checklist-h">
      <div className="row between">
        <h2 id="checklist-h">Get started</h2>
        <span className="muted small" data-testid="checklist-progress">
          {done} of {items.length} done
        </span>
      </div>
      <progress max={items.length} value={done} aria-label="Getting started progress" />
      <ol>
        {items.map((item) => (
          <li key={item.id} data-done={item.done} data-testid={`check-${item.id}`}>
            <span className="check-mark" aria-hidden="true">
              {item.done ? <Icon name="check" size={14} /> : null}
            </span>
            <span className="check-text">
              <span className="check-label">
                {item.href && !item.done ? <a href={item.href}>{item.label}</a> : item.label}
                <span className="sr-only">{item.done ? ' (done)' : ' (to do)'}</span>
              </span>
              <span className="hint">{item.hint}</span>
            </span>
          </li>
        ))}
      </ol>
      <button type="button" className="link-button small" onClick={hide}>
        Hide this list
      </button>
    </section>
  );
}
