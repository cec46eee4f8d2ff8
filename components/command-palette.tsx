'use client';
// ⌘K / Ctrl+K anywhere in the dashboard (or the sidebar's Search button): one box to create a link,
// open any page, or find a link by its code or destination and open its analytics. An ARIA
// combobox: arrows move through the results, Enter runs one, Escape closes.
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Icon, type IconName } from './icons';
import { linksApi, shortText, type LinkPage } from './links-api';

export const OPEN_PALETTE = 'sling:open-palette';
export const CREATE_LINK = 'sling:create-link';

interface Command {
  id: string;
  label: string;
  hint: string;
  icon: IconName;
  run: () => void;
}

const go = (href: string) => () => window.location.assign(href);

function createLink() {
  // On the links page the list opens its dialog; elsewhere the links page opens with it.
  if (window.location.pathname === '/links') window.dispatchEvent(new Event(CREATE_LINK));
  else window.location.assign('/links?create=1');
}

function pageCommands(showWebhooks: boolean): Command[] {
  const settings: Array<[string, string, string]> = [
    ['General', 'Workspace settings', '/settings/workspace'],
    ['Members', 'Workspace settings', '/settings/members'],
    ['API tokens', 'Workspace settings', '/settings/tokens'],
    ...(showWebhooks ? [['Webhooks', 'Workspace settings', '/settings/webhooks'] as [string, string, string]] : []),
    ['Plan & usage', 'Workspace settings', '/settings/plan'],
    ['Profile', 'Your account', '/settings'],
    ['Security', 'Two-factor, sessions, login history', '/settings/security'],
  ];
  return [
    { id: 'create', label: 'Create link', hint: 'Shortcut: C', icon: 'plus', run: createLink },
    { id: 'links', label: 'Links', hint: 'All links in this workspace', icon: 'links', run: go('/links') },
    { id: 'analytics', label: 'Analytics', hint: 'Clicks on every link in this workspace', icon: 'analytics', run: go('/analytics') },
    { id: 'domains', label: 'Domains', hint: 'Custom domains for short links', icon: 'domains', run: go('/domains') },
    ...settings.map(([label, hint, href]): Command => ({ id: href, label, hint, icon: 'settings', run: go(href) })),
  ];
}

/** A command matches when every word typed appears in its label or hint. */
function matches(command: Command, words: string[]): boolean {
  const text = `${command.label} ${command.hint}`.toLowerCase();
  return words.every((w) => text.includes(w));
}

export function CommandPalette({ showWebhooks }: { showWebhooks: boolean }) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [found, setFound] = useState<Command[]>([]);
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();

  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key.toLowerCase() !== 'k' || !(e.metaKey || e.ctrlKey) || e.altKey || e.shiftKey) return;
      e.preventDefault();
      setOpen(true);
    };
    const onOpen = () => setOpen(true);
    document.addEventListener('keydown', onKey);
    window.addEventListener(OPEN_PALETTE, onOpen);
    return () => {
      document.removeEventListener('keydown', onKey);
      window.removeEventListener(OPEN_PALETTE, onOpen);
    };
  }, []);

  useEffect(() => {
    if (!open) return;
    if (!dialog.current?.open) dialog.current?.showModal();
    dialog.current?.querySelector('input')?.focus();
  }, [open]);

  // Links whose code or destination contains the words, once typing pauses.
  useEffect(() => {
    const q = query.trim();
    if (!open || q.length < 2) return setFound([]);
    let cancelled = false;
    const timer = setTimeout(() => {
      linksApi<LinkPage>(`?${new URLSearchParams({ q, limit: '5' })}`)
        .then((r) => {
          if (cancelled) return;
          setFound(r.links.map((l) => ({ id: `link-${l.id}`, label: shortText(l.short_url), hint: l.long_url, icon: 'analytics', run: go(`/links/${l.id}`) })));
        })
        .catch(() => !cancelled && setFound([]));
    }, 200);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [query, open]);

  const results = useMemo(() => {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    return [...pageCommands(showWebhooks).filter((c) => matches(c, words)), ...found];
  }, [query, found, showWebhooks]);
  const current = Math.min(active, Math.max(0, results.length - 1));

  function close() {
    dialog.current?.close();
  }

  function run(command: Command | undefined) {
    if (!command) return;
    close();
    command.run();
  }

  function onInputKey(e: KeyboardEvent<HTMLInputElement>) {
    const last = results.length - 1;
    if (e.key === 'ArrowDown') setActive(current >= last ? 0 : current + 1);
    else if (e.key === 'ArrowUp') setActive(current <= 0 ? last : current - 1);
    else if (e.key === 'Home' && e.ctrlKey) setActive(0);
    else if (e.key === 'End' && e.ctrlKey) setActive(last);
    else if (e.key === 'Enter') run(results[current]);
    else return;
    e.preventDefault();
  }

  if (!open) return null;
  const optionId = (i: number) => `${id}-option-${i}`;
  return (
    <dialog
      ref={dialog}
      className="palette"
      aria-label="Command palette"
      onClose={() => {
        setOpen(false);
        setQuery('');
        setActive(0);
      }}
      onClick={(e) => e.target === dialog.current && close()}
    >
      <div className="palette-search">
        <Icon name="search" size={18} />
        <input
          role="combobox"
          aria-expanded={results.length > 0}
          aria-controls={`${id}-list`}
          aria-activedescendant={results.length > 0 ? optionId(current) : undefined}
          aria-autocomplete="list"
          aria-label="Search pages, actions and links"
          placeholder="Go to a page, create a link, or find one…"
          autoComplete="off"
          spellCheck={false}
          value={query}
          onChange={(e) => (setQuery(e.target.value), setActive(0))}
          onKeyDown={onInputKey}
        />
        <kbd aria-hidden="true">Esc</kbd>
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA combobox pattern (the input owns focus, aria-activedescendant points into this listbox) */}
      <ul id={`${id}-list`} role="listbox" aria-label="Results" className="palette-results">
        {results.map((c, i) => (
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole lint/a11y/useFocusableInteractive: an option of the combobox; the input keeps focus and its arrow keys and Enter choose
          <li key={c.id} id={optionId(i)} role="option" aria-selected={i === current} onMouseMove={() => setActive(i)} onClick={() => run(c)}>
            <Icon name={c.icon} size={16} />
            <span className="palette-label">{c.label}</span>
            <span className="palette-hint">{c.hint}</span>
          </li>
        ))}
      </ul>
      {results.length === 0 ? <p className="palette-empty muted">Nothing matches “{query.trim()}”.</p> : null}
    </dialog>
  );
}

/** The sidebar's way into the palette, for the mouse and for people who do not know ⌘K. */
export function PaletteButton() {
  return (
    <button type="button" className="palette-button" onClick={() => window.dispatchEvent(new Event(OPEN_PALETTE))} aria-keyshortcuts="Control+K Meta+K">
      <Icon name="search" size={16} />
      <span>Search</span>
      <kbd aria-hidden="true">Ctrl K</kbd>
    </button>
  );
}
