'use client';
// The links page: search (debounced), status filter, sort, paging, bulk delete, and the dialogs
// (create/edit, QR code, confirmations). Results are announced in a polite live region.
import { useCallback, useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from './confirm-dialog';
import { FormError } from './form-error';
import { LinkFormDialog } from './link-form-dialog';
import { formatCount, linksApi, shortText, type DomainOption, type Link, type LinkPage } from './links-api';
import { LinksTable } from './links-table';
import { QrDialog } from './qr-dialog';
import type { Role } from './workspace-api';

const PAGE_SIZE = 20;
const SORTS = {
  'created-desc': 'Newest first',
  'created-asc': 'Oldest first',
  'clicks-desc': 'Most clicks',
  'clicks-asc': 'Fewest clicks',
} as const;
type SortKey = keyof typeof SORTS;

interface LinksManagerProps {
  domains: DomainOption[];
  /** Who is looking: a member edits and deletes only the links it created (the API enforces it too). */
  viewer: { userId: string; role: Role };
  /** A team workspace's name (its links are everyone's in it); null for a personal workspace. */
  workspaceName: string | null;
}

export function LinksManager({ domains, viewer, workspaceName }: LinksManagerProps) {
  const canManage = useCallback((link: Link) => viewer.role !== 'member' || link.created_by === viewer.userId, [viewer]);
  const [query, setQuery] = useState('');
  const [q, setQ] = useState('');
  const [sort, setSort] = useState<SortKey>('created-desc');
  const [status, setStatus] = useState('');
  const [offset, setOffset] = useState(0);
  const [page, setPage] = useState<LinkPage | null>(null);
  const [loading, setLoading] = useState(true);
  const [reload, setReload] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [editing, setEditing] = useState<Link | 'new' | null>(null);
  const [qrFor, setQrFor] = useState<Link | null>(null);
  const [deleting, setDeleting] = useState<Link | 'selected' | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  // Search once typing pauses (and only when the words changed: paging must not be reset).
  useEffect(() => {
    const words = query.trim();
    if (words === q) return;
    const timer = setTimeout(() => {
      setQ(words);
      setOffset(0);
    }, 300);
    return () => clearTimeout(timer);
  }, [query, q]);

  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    const [by, order] = sort.split('-');
    const params = new URLSearchParams({ sort: by, order, limit: String(PAGE_SIZE), offset: String(offset) });
    if (q) params.set('q', q);
    if (status) params.set('status', status);
    linksApi<LinkPage>(`?${params}`)
      .then((r) => {
        if (cancelled) return;
        // Deleting the last rows of a page leaves it empty: step back to one that has rows.
        if (r.links.length === 0 && r.total > 0 && offset > 0) return setOffset(Math.max(0, Math.floor((r.total - 1) / PAGE_SIZE) * PAGE_SIZE));
        setPage(r);
        setError(null);
      })
      .catch((e: Error) => !cancelled && setError(`Could not load your links: ${e.message}`))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [q, sort, status, offset, reload]);

  // A selection belongs to the rows on screen.
  useEffect(() => setSelected(new Set()), [q, sort, status, offset]);

  const refresh = useCallback((note: string) => {
    setMessage(note);
    setReload((n) => n + 1);
  }, []);

  async function copy(link: Link) {
    try {
      await navigator.clipboard.writeText(link.short_url);
      setMessage(`Copied ${link.short_url} to the clipboard.`);
    } catch {
      setMessage(`Could not copy; select ${link.short_url} and copy it yourself.`);
    }
  }

  async function remove(target: Link | 'selected') {
    setError(null);
    try {
      if (target === 'selected') {
        const { deleted } = await linksApi<{ deleted: number }>('/bulk-delete', { method: 'POST', body: { ids: [...selected] } });
        setSelected(new Set());
        refresh(deleted === 1 ? 'Deleted 1 link.' : `Deleted ${formatCount(deleted)} links.`);
      } else {
        await linksApi(`/${target.id}`, { method: 'DELETE' });
        setSelected((s) => new Set([...s].filter((id) => id !== target.id)));
        refresh(`Deleted ${shortText(target.short_url)}.`);
      }
      heading.current?.focus();
    } catch (e) {
      setError(`Could not delete: ${(e as Error).message}`);
    }
  }

  const links = page?.links ?? null;
  const total = page?.total ?? 0;
  const filtered = Boolean(q || status);
  // From the page on screen, not the one being fetched.
  const shown = page?.offset ?? 0;
  const first = total === 0 ? 0 : shown + 1;
  const last = Math.min(shown + PAGE_SIZE, total);

  return (
    <div className="stack">
      <div className="row between links-head">
        <div>
          <h1 ref={heading} tabIndex={-1}>
            Links
          </h1>
          {workspaceName ? (
            <p className="muted links-scope">
              Every link in {workspaceName}.{viewer.role === 'member' ? ' You can edit and delete the ones you created.' : ''}
            </p>
          ) : null}
        </div>
        <button type="button" onClick={() => setEditing('new')}>
          New link
        </button>
      </div>
      <search className="links-toolbar" aria-label="Find links">
        <label>
          Search
          <input type="search" placeholder="Code or destination" value={query} onChange={(e) => setQuery(e.target.value)} />
        </label>
        <label>
          Status
          <select value={status} onChange={(e) => (setStatus(e.target.value), setOffset(0))}>
            <option value="">All</option>
            <option value="active">Active</option>
            <option value="expired">Expired</option>
            <option value="protected">Password-protected</option>
            <option value="disabled">Disabled</option>
          </select>
        </label>
        <label>
          Sort
          <select value={sort} onChange={(e) => (setSort(e.target.value as SortKey), setOffset(0))}>
            {Object.entries(SORTS).map(([key, label]) => (
              <option key={key} value={key}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </search>
      <p className="status-message" role="status" aria-live="polite">
        {message}
      </p>
      <FormError message={error} />
      {selected.size > 0 ? (
        <div className="bulk-bar row between">
          <span>{selected.size === 1 ? '1 link selected' : `${formatCount(selected.size)} links selected`}</span>
          <div className="row">
            <button type="button" className="secondary small" onClick={() => setSelected(new Set())}>
              Clear selection
            </button>
            <button type="button" className="secondary small danger" onClick={() => setDeleting('selected')}>
              Delete selected
            </button>
          </div>
        </div>
      ) : null}
      {links !== null && links.length === 0 && !loading ? (
        <div className="empty-state">
          {filtered ? (
            <>
              <p>No links match {q ? <strong>“{q}”</strong> : 'this filter'}.</p>
              <button type="button" className="secondary" onClick={() => (setQuery(''), setQ(''), setStatus(''), setOffset(0))}>
                Clear search and filter
              </button>
            </>
          ) : (
            <>
              <p>No links yet — create your first short link.</p>
              <button type="button" onClick={() => setEditing('new')}>
                Create a link
              </button>
            </>
          )}
        </div>
      ) : (
        <LinksTable
          links={links}
          selected={selected}
          busy={loading}
          onSelect={(id, on) => setSelected((s) => (on ? new Set(s).add(id) : new Set([...s].filter((x) => x !== id))))}
          onSelectPage={(on) => setSelected(on ? new Set(links?.filter(canManage).map((l) => l.id)) : new Set())}
          canManage={canManage}
          onCopy={copy}
          onEdit={setEditing}
          onQr={setQrFor}
          onDelete={setDeleting}
        />
      )}
      <nav className="row between pager" aria-label="Pages">
        <p id="links-summary" className="muted">
          {page === null ? 'Loading links…' : total === 0 ? '' : `${formatCount(first)}–${formatCount(last)} of ${formatCount(total)} ${total === 1 ? 'link' : 'links'}`}
        </p>
        {total > PAGE_SIZE ? (
          <div className="row">
            <button type="button" className="secondary small" disabled={shown === 0} onClick={() => setOffset(Math.max(0, shown - PAGE_SIZE))}>
              Previous
            </button>
            <button type="button" className="secondary small" disabled={last >= total} onClick={() => setOffset(shown + PAGE_SIZE)}>
              Next
            </button>
          </div>
        ) : null}
      </nav>
      {editing ? (
        <LinkFormDialog
          link={editing === 'new' ? null : editing}
          domains={domains}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            if (editing === 'new' && (sort !== 'created-desc' || offset !== 0)) {
              setSort('created-desc');
              setOffset(0);
            }
            refresh(editing === 'new' ? `Created ${saved.short_url}.` : `Saved ${saved.short_url}.`);
          }}
        />
      ) : null}
      {qrFor ? <QrDialog linkId={qrFor.id} shortUrl={qrFor.short_url} onClose={() => setQrFor(null)} /> : null}
      {deleting ? (
        <ConfirmDialog
          title={deleting === 'selected' ? `Delete ${selected.size === 1 ? '1 link' : `${formatCount(selected.size)} links`}?` : `Delete ${shortText(deleting.short_url)}?`}
          confirmLabel="Delete"
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            const target = deleting;
            setDeleting(null);
            void remove(target);
          }}
        >
          <p>The short {deleting === 'selected' && selected.size > 1 ? 'links stop' : 'link stops'} working at once, and {deleting === 'selected' && selected.size > 1 ? 'their' : 'its'} click history is deleted too. This cannot be undone.</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
