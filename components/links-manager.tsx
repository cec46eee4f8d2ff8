'use client';
// The links page: search (debounced), status and tag filters, archived shown or not, sort and page
// — all kept in the address bar —, archive and unarchive, bulk delete, the dialogs (create/edit/duplicate, import, QR code, confirmations), the first-run box and
// checklist, and two shortcuts: "c" creates a link, "/" goes to the search box.
import { useCallback, useEffect, useRef, useState } from 'react';
import { BulkActions } from './bulk-actions';
import { ConfirmDialog } from './confirm-dialog';
import { FirstLinkBox, FirstRunChecklist } from './first-run';
import { FolderFilter } from './folder-filter';
import { listFolders } from './folders-api';
import { FoldersDialog } from './folders-dialog';
import { FormError } from './form-error';
import { ImportDialog } from './import-dialog';
import { Icon } from './icons';
import { LinkFormDialog } from './link-form-dialog';
import type { LinkPrefill } from './link-form-state';
import { LinkList } from './link-list';
import { formatCount, linksApi, shortText, type DomainOption, type Link, type LinkPage } from './links-api';
import { DEFAULT_VIEW, linksViewQuery, PAGE_SIZE, type LinksView } from './links-query';
import { LinksToolbar } from './links-toolbar';
import { MoveToFolderDialog } from './move-to-folder-dialog';
import { CREATE_LINK } from './command-palette';
import { QrDialog } from './qr-dialog';
import { useToast } from './toasts';
import { useLinkLabels } from './use-link-labels';
import type { Role } from './workspace-api';

/** Where the first-run checklist stood when the page was served. */
export interface FirstRunFacts {
  hasLink: boolean;
  hasClick: boolean;
  hasToken: boolean;
  /** A domain of the workspace's own that is verified (a pending one is not done yet). */
  hasDomain: boolean;
  /** The workspace's own domain still waiting for its DNS records, if any. */
  pendingDomain?: string;
}

interface LinksManagerProps {
  domains: DomainOption[];
  /** Who is looking: a member edits and deletes only the links it created (the API enforces it too). */
  viewer: { userId: string; role: Role };
  workspace: { id: string; name: string; kind: 'personal' | 'team' };
  initialView: LinksView;
  firstRun: FirstRunFacts;
  /** Open the create dialog at once (the command palette's "Create link" from another page). */
  startCreating?: boolean;
  /** The alias and domain it starts with (?create&alias=…&domain=…: a domain's orphan visits). */
  prefill?: LinkPrefill;
}

type Editing = { mode: 'new' } | { mode: 'edit'; link: Link } | { mode: 'duplicate'; link: Link };

/** A key pressed while typing, or with a modifier, is not a shortcut. */
function isShortcut(e: KeyboardEvent): boolean {
  if (e.defaultPrevented || e.metaKey || e.ctrlKey || e.altKey) return false;
  const target = e.target as HTMLElement | null;
  if (target?.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]')) return false;
  return !document.querySelector('dialog[open]');
}

export function LinksManager({ domains, viewer, workspace, initialView, firstRun, startCreating = false, prefill }: LinksManagerProps) {
  const canManage = useCallback((link: Link) => viewer.role !== 'member' || link.created_by === viewer.userId, [viewer]);
  const [view, setView] = useState<LinksView>(initialView);
  const [query, setQuery] = useState(initialView.q);
  const [page, setPage] = useState<LinkPage | null>(null);
  const [loading, setLoading] = useState(true);
  const [reload, setReload] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [hidden, setHidden] = useState<Set<number>>(new Set());
  const [editing, setEditing] = useState<Editing | null>(startCreating ? { mode: 'new' } : null);
  const [qrFor, setQrFor] = useState<Link | null>(null);
  const [importing, setImporting] = useState(false);
  const [deleting, setDeleting] = useState<Link | null>(null);
  const [sawClick, setSawClick] = useState(firstRun.hasClick);
  const [managingFolders, setManagingFolders] = useState(false);
  const [moving, setMoving] = useState<Link | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const toast = useToast();
  const { tags, tagColors, folders } = useLinkLabels(reload);
  const offset = (view.page - 1) * PAGE_SIZE;
  const change = (next: Partial<LinksView>) => setView((v) => ({ ...v, page: 1, ...next }));

  // The address bar follows the view, so a reload or a shared URL shows the same list.
  useEffect(() => {
    const wanted = `${window.location.pathname}${linksViewQuery(view)}`;
    if (wanted !== `${window.location.pathname}${window.location.search}`) window.history.replaceState(window.history.state, '', wanted);
  }, [view]);

  // Search once typing pauses (and only when the words changed: paging must not be reset).
  // biome-ignore lint/correctness/useExhaustiveDependencies: typing (and a new view) restarts the timer; `change`, made anew each render, must not
  useEffect(() => {
    const words = query.trim();
    if (words === view.q) return;
    const timer = setTimeout(() => change({ q: words }), 300);
    return () => clearTimeout(timer);
  }, [query, view.q]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isShortcut(e)) return;
      if (e.key === 'c') {
        e.preventDefault();
        setEditing({ mode: 'new' });
      } else if (e.key === '/') {
        e.preventDefault();
        search.current?.focus();
      }
    };
    // The command palette's "Create link" (from another page it comes as ?create=1: startCreating).
    const onCreate = () => setEditing({ mode: 'new' });
    document.addEventListener('keydown', onKey);
    window.addEventListener(CREATE_LINK, onCreate);
    return () => {
      document.removeEventListener('keydown', onKey);
      window.removeEventListener(CREATE_LINK, onCreate);
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reload` is a counter: bumping it reads the page again
  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    const [by, order] = view.sort.split('-');
    const params = new URLSearchParams({ sort: by, order, limit: String(PAGE_SIZE), offset: String(offset) });
    if (view.q) params.set('q', view.q);
    if (view.status) params.set('status', view.status);
    if (view.tag) params.set('tag', view.tag);
    if (view.folder) params.set('folder', view.folder);
    if (view.domain) params.set('domain_id', view.domain);
    if (view.archived) params.set('archived', 'include');
    linksApi<LinkPage>(`?${params}`)
      .then((r) => {
        if (cancelled) return;
        // Past the last page (rows deleted, or an old URL): step back to the last page that has rows.
        if (r.links.length === 0 && r.total > 0 && offset > 0) return setView((v) => ({ ...v, page: Math.ceil(r.total / PAGE_SIZE) }));
        setPage(r);
        if (r.links.some((l) => l.clicks > 0)) setSawClick(true);
        setError(null);
      })
      .catch((e: Error) => !cancelled && setError(`Could not load your links: ${e.message}`))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [view, offset, reload]);

  // A selection belongs to the rows on screen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new view clears the selection
  useEffect(() => setSelected(new Set()), [view]);

  const refresh = useCallback(
    (note: string) => {
      toast.show(note);
      setReload((n) => n + 1);
    },
    [toast],
  );

  async function copy(link: Link) {
    try {
      await navigator.clipboard.writeText(link.short_url);
      toast.show(`Copied ${link.short_url} to the clipboard.`);
    } catch {
      toast.show(`Could not copy; select ${link.short_url} and copy it yourself.`, { kind: 'error' });
    }
  }

  async function remove(target: Link) {
    try {
      await linksApi(`/${target.id}`, { method: 'DELETE' });
      setSelected((s) => new Set([...s].filter((id) => id !== target.id)));
      refresh(`Deleted ${shortText(target.short_url)}.`);
      heading.current?.focus();
    } catch (e) {
      toast.show(`Could not delete: ${(e as Error).message}`, { kind: 'error' });
    }
  }

  async function archive(link: Link, archived: boolean) {
    try {
      await linksApi(`/${link.id}`, { method: 'PATCH', body: { archived } });
      refresh(
        archived ? `Archived ${shortText(link.short_url)}. It still redirects; find it with “Show archived”.` : `Unarchived ${shortText(link.short_url)}.`,
      );
    } catch (e) {
      toast.show(`Could not ${archived ? 'archive' : 'unarchive'}: ${(e as Error).message}`, { kind: 'error' });
    }
  }

  // The row shows the saved link at once (Edit or Duplicate right after a save must not start from
  // the old values); the page is then read again for everything the save may have moved.
  function edited(link: Link) {
    setPage((p) => p && { ...p, links: p.links.map((row) => (row.id === link.id ? { ...row, ...link } : row)) });
    refresh(`Saved ${link.short_url}.`);
  }

  function created(link: Link) {
    if (view.sort !== 'created-desc' || view.page !== 1 || view.q || view.status || view.tag || view.folder || view.domain) {
      setQuery('');
      setView({ ...DEFAULT_VIEW, archived: view.archived });
    }
    refresh(`Created ${link.short_url}.`);
  }

  // Rows deleted a moment ago whose deletion still waits for its Undo (bulk-actions.tsx).
  const links = page ? page.links.filter((l) => !hidden.has(l.id)) : null;
  // Less the rows waiting for their deletion.
  const total = (page?.total ?? 0) - (page ? page.links.length - (links?.length ?? 0) : 0);
  const filtered = Boolean(view.q || view.status || view.tag || view.folder || view.domain || view.archived);
  // From the page on screen, not the one being fetched.
  const shown = page?.offset ?? 0;
  const first = total === 0 ? 0 : shown + 1;
  const last = Math.min(shown + PAGE_SIZE, total);
  const empty = links !== null && links.length === 0 && !loading;
  const hasLink = firstRun.hasLink || (!filtered && total > 0);

  return (
    <div className="links-page stack">
      <div className="page-head">
        <div>
          <h1 ref={heading} tabIndex={-1}>
            Links
          </h1>
          {workspace.kind === 'team' ? (
            <p className="muted links-scope">
              Every link in {workspace.name}.{viewer.role === 'member' ? ' You can edit and delete the ones you created.' : ''}
            </p>
          ) : null}
        </div>
        <div className="row page-actions">
          <button type="button" className="secondary" onClick={() => setImporting(true)}>
            Import
          </button>
          <button type="button" className="with-icon" onClick={() => setEditing({ mode: 'new' })} aria-keyshortcuts="c">
            <Icon name="plus" size={16} />
            Create link
            <kbd aria-hidden="true">C</kbd>
          </button>
        </div>
      </div>
      <FirstRunChecklist
        workspaceId={workspace.id}
        items={[
          { id: 'link', label: 'Create a short link', done: hasLink, hint: 'Paste a long address and get a short one.' },
          { id: 'click', label: 'Get your first click', done: sawClick, hint: 'Open your short link or share it: every visit is counted.' },
          { id: 'token', label: 'Make an API token', done: firstRun.hasToken, hint: 'Create links from scripts and other apps.', href: '/settings/tokens' },
          {
            id: 'domain',
            label: 'Add your own domain',
            done: firstRun.hasDomain,
            hint: firstRun.pendingDomain
              ? `${firstRun.pendingDomain} is waiting for its DNS records: the Domains page shows what to set.`
              : 'Short links on a name of yours, like go.example.com.',
            href: '/domains',
          },
        ]}
      />
      <LinksToolbar
        query={query}
        onQuery={setQuery}
        status={view.status}
        onStatus={(status) => change({ status })}
        tags={tags}
        tag={view.tag}
        onTag={(tag) => change({ tag })}
        domains={domains}
        domain={view.domain}
        onDomain={(domain) => change({ domain })}
        archived={view.archived}
        onArchived={(archived) => change({ archived })}
        sort={view.sort}
        onSort={(sort) => change({ sort })}
        searchRef={search}
        folderFilter={
          <FolderFilter folders={folders} value={view.folder} onChange={(folder) => change({ folder })} onManage={() => setManagingFolders(true)} />
        }
      />
      <FormError message={error} />
      {/* Always mounted: it holds the deletions waiting for their Undo. */}
      <BulkActions
        selected={links?.filter((l) => selected.has(l.id)) ?? []}
        tags={tags}
        domains={domains}
        folders={folders}
        // The bar goes with the selection: focus goes to the page's heading rather than nowhere.
        onClear={() => (setSelected(new Set()), heading.current?.focus({ preventScroll: true }))}
        onChanged={() => setReload((n) => n + 1)}
        onHide={(ids, hide) => setHidden((h) => (hide ? new Set([...h, ...ids]) : new Set([...h].filter((id) => !ids.includes(id)))))}
      />
      {empty && !filtered ? (
        <FirstLinkBox onCreated={created} onMoreOptions={() => setEditing({ mode: 'new' })} />
      ) : empty ? (
        <div className="empty-state">
          <p>No links match {view.q ? <strong>“{view.q}”</strong> : 'this filter'}.</p>
          <button
            type="button"
            className="secondary"
            onClick={() => (setQuery(''), change({ q: '', status: '', tag: '', folder: '', domain: '', archived: false }))}
          >
            Clear search and filter
          </button>
        </div>
      ) : (
        <LinkList
          tagColors={tagColors}
          links={links}
          selected={selected}
          busy={loading}
          onSelect={(id, on) => setSelected((s) => (on ? new Set(s).add(id) : new Set([...s].filter((x) => x !== id))))}
          onSelectPage={(on) => setSelected(on ? new Set(links?.filter(canManage).map((l) => l.id)) : new Set())}
          canManage={canManage}
          onCopy={copy}
          onEdit={(link) => setEditing({ mode: 'edit', link })}
          onDuplicate={(link) => setEditing({ mode: 'duplicate', link })}
          onQr={setQrFor}
          onDelete={setDeleting}
          onArchive={(link, archived) => void archive(link, archived)}
          onTag={(tag) => change({ tag })}
          folderName={(id) => folders.find((f) => f.id === id)?.name}
          onFolder={(folder) => change({ folder })}
          onMove={setMoving}
          sort={view.sort}
          onSort={(sort) => change({ sort })}
        />
      )}
      <nav className="row between pager" aria-label="Pages">
        <p id="links-summary" className="muted">
          {page === null
            ? 'Loading links…'
            : total === 0
              ? ''
              : `${formatCount(first)}–${formatCount(last)} of ${formatCount(total)} ${total === 1 ? 'link' : 'links'}`}
        </p>
        {total > PAGE_SIZE ? (
          <div className="row">
            <button type="button" className="secondary small" disabled={shown === 0} onClick={() => setView((v) => ({ ...v, page: Math.max(1, v.page - 1) }))}>
              Previous
            </button>
            <button type="button" className="secondary small" disabled={last >= total} onClick={() => setView((v) => ({ ...v, page: v.page + 1 }))}>
              Next
            </button>
          </div>
        ) : null}
      </nav>
      {editing ? (
        <LinkFormDialog
          link={editing.mode === 'edit' ? editing.link : null}
          preset={editing.mode === 'duplicate' ? editing.link : undefined}
          prefill={editing.mode === 'new' ? prefill : undefined}
          domains={domains}
          onClose={() => setEditing(null)}
          onSaved={(saved) => (editing.mode === 'edit' ? edited(saved) : created(saved))}
        />
      ) : null}
      {importing ? (
        <ImportDialog onClose={() => setImporting(false)} onImported={(done) => refresh(`Imported ${formatCount(done.rows.created)} links.`)} />
      ) : null}
      {managingFolders ? (
        <FoldersDialog
          folders={folders}
          onChanged={refresh}
          onClose={() => {
            setManagingFolders(false);
            // A folder filtered by may be gone: its links are unfiled now.
            if (view.folder && view.folder !== 'none')
              listFolders().then(
                (f) => f.some((x) => x.id === view.folder) || change({ folder: '' }),
                () => {},
              );
          }}
        />
      ) : null}
      {moving ? (
        <MoveToFolderDialog
          link={moving}
          folders={folders}
          onMoved={refresh}
          onFailed={(message) => toast.show(message, { kind: 'error' })}
          onClose={() => setMoving(null)}
        />
      ) : null}
      {qrFor ? <QrDialog linkId={qrFor.id} shortUrl={qrFor.short_url} onClose={() => setQrFor(null)} /> : null}
      {deleting ? (
        <ConfirmDialog
          title={`Delete ${shortText(deleting.short_url)}?`}
          confirmLabel="Delete"
          destructive
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            const target = deleting;
            setDeleting(null);
            void remove(target);
          }}
        >
          <p>The short link stops working at once, and its click history is deleted too. This cannot be undone.</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
