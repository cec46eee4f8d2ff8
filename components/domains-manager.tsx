'use client';
// The Domains page: the workspace's custom domains as cards, the add dialog, Verify now, and a live
// view while something is settling (DNS not seen yet, a certificate being issued): the page looks
// again every few seconds while the tab is visible, so nobody needs to reload.
import { useCallback, useRef, useState } from 'react';
import { AddDomainDialog } from './add-domain-dialog';
import { ConfirmDialog } from './confirm-dialog';
import { DomainCard } from './domain-card';
import { domainsApi, isSettling, loadDomainView, loadDomainViews, type DomainView } from './domains-api';
import { FormError } from './form-error';
import { Icon } from './icons';
import { formatCount } from './links-api';
import { useToast } from './toasts';
import { useVisibleInterval } from './use-visible-interval';

interface DomainsManagerProps {
  initial: DomainView[];
  canManage: boolean;
  workspaceName: string;
  /** The plan's number of custom domains; null for unlimited. */
  limit: number | null;
  linkHost: string;
  /** This server gets HTTPS certificates itself (ACME_DIRECTORY_URL); otherwise a proxy in front of it does. */
  certificatesManaged: boolean;
}

const POLL_MS = 4000;

export function DomainsManager({ initial, canManage, workspaceName, limit, linkHost, certificatesManaged }: DomainsManagerProps) {
  const { show } = useToast();
  const [domains, setDomains] = useState(initial);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<DomainView | null>(null);
  const [verifying, setVerifying] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const settling = useRef(initial.some((d) => isSettling(d, certificatesManaged)));
  settling.current = domains.some((d) => isSettling(d, certificatesManaged));
  const current = useRef(domains);
  current.current = domains;

  const reload = useCallback(async () => {
    try {
      setDomains(await loadDomainViews(current.current, certificatesManaged));
      setError(null);
    } catch (err) {
      setError((err as Error).message);
    }
  }, [certificatesManaged]);
  const poll = useCallback(() => {
    if (settling.current) void reload();
  }, [reload]);
  useVisibleInterval(poll, POLL_MS);

  const replace = (d: DomainView) => setDomains((all) => all.map((x) => (x.id === d.id ? d : x)));

  async function verify(d: DomainView) {
    if (verifying !== null) return;
    setVerifying(d.id);
    try {
      const r = await domainsApi<{ domain: DomainView; verified: boolean }>(`/${d.id}/verify`, { method: 'POST' });
      replace({ ...d, ...r.domain });
      const missing = r.domain.records.filter((x) => x.status !== 'found').length;
      if (r.verified) show(`${d.hostname} is verified.${certificatesManaged ? ' Sling is getting its HTTPS certificate.' : ''}`);
      else show(`${d.hostname} is not verified yet: ${missing === 1 ? '1 record is' : `${missing} records are`} not right.`, { kind: 'error' });
      if (r.verified) void reload();
    } catch (err) {
      show((err as Error).message, { kind: 'error' });
    } finally {
      setVerifying(null);
    }
  }

  async function setDefault(d: DomainView, on: boolean) {
    try {
      await domainsApi(`/${d.id}`, { method: 'PATCH', body: { default: on } });
      await reload();
      show(on ? `New links now go on ${d.hostname}.` : `New links go on the shared domain again.`);
    } catch (err) {
      show((err as Error).message, { kind: 'error' });
    }
  }

  /** The dialog says how many links go: counted now, not when the page was loaded. */
  async function confirmDelete(d: DomainView) {
    try {
      const fresh = await loadDomainView(d.id);
      replace(fresh);
      setDeleting(fresh);
    } catch (err) {
      show((err as Error).message, { kind: 'error' });
    }
  }

  async function remove(d: DomainView) {
    try {
      await domainsApi(`/${d.id}`, { method: 'DELETE' });
      setDomains((all) => all.filter((x) => x.id !== d.id));
      show(`Deleted ${d.hostname}.`);
    } catch (err) {
      show((err as Error).message, { kind: 'error' });
    }
  }

  async function copy(text: string, what: string) {
    try {
      await navigator.clipboard.writeText(text);
      show(`Copied the ${what}.`);
    } catch {
      show('Copying was refused by the browser; select the text instead.', { kind: 'error' });
    }
  }

  const used = limit === null ? `${formatCount(domains.length)} of unlimited` : `${formatCount(domains.length)} of ${formatCount(limit)}`;
  const addButton = canManage ? (
    <button type="button" className="with-icon" onClick={() => setAdding(true)}>
      <Icon name="plus" size={16} /> Add domain
    </button>
  ) : null;

  return (
    <div className="links-page stack domains-page">
      <div className="page-head">
        <div>
          <h1>Domains</h1>
          <p className="links-scope muted">
            Short links on your own domain in <strong>{workspaceName}</strong> · {used} custom domains used
          </p>
        </div>
        {domains.length > 0 ? addButton : null}
      </div>
      <FormError message={error} />
      {domains.length === 0 ? (
        <div className="empty-state domains-empty">
          <span className="domain-avatar big" aria-hidden="true">
            <Icon name="domains" size={26} />
          </span>
          <h2>Use your own domain</h2>
          <p className="muted">
            Links like <code>go.yourbrand.com/launch</code> are trusted and clicked more than a generic short domain. Add a domain, point two DNS records at
            Sling, and it gets an HTTPS certificate by itself.
          </p>
          {addButton ?? <p className="muted">Ask an owner or admin of {workspaceName} to add one.</p>}
        </div>
      ) : (
        <ul className="domain-list" aria-label="Custom domains">
          {domains.map((d) => (
            <DomainCard
              key={d.id}
              domain={d}
              canManage={canManage}
              startOpen={d.status !== 'verified'}
              verifying={verifying === d.id}
              onVerify={() => void verify(d)}
              onSetDefault={(on) => void setDefault(d, on)}
              onDelete={() => void confirmDelete(d)}
              onSaved={(saved) => (replace(saved), show(`Saved the redirects of ${d.hostname}.`))}
              onCopy={(text, what) => void copy(text, what)}
              certificatesManaged={certificatesManaged}
            />
          ))}
        </ul>
      )}
      {adding ? (
        <AddDomainDialog
          linkHost={linkHost}
          onClose={() => setAdding(false)}
          onAdded={(d) => {
            setDomains((all) => [...all, d]);
            show(`Added ${d.hostname}. Now add its DNS records.`);
          }}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={`Delete ${deleting.hostname}?`}
          confirmLabel="Delete domain"
          destructive
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            const target = deleting;
            setDeleting(null);
            void remove(target);
          }}
        >
          <p data-testid="delete-domain-effect">
            {deleting.link_count === 0
              ? 'No links use it. '
              : `${deleting.link_count === 1 ? 'Its 1 short link stops' : `All ${formatCount(deleting.link_count)} short links on it stop`} answering at once and ${deleting.link_count === 1 ? 'is' : 'are'} deleted with ${deleting.link_count === 1 ? 'its' : 'their'} click history. `}
            Remove its DNS records afterwards. This cannot be undone.
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
