'use client';
// The signed-in frame: the sidebar beside the page; below 860 px the sidebar becomes a drawer
// opened from a top bar (Escape, the backdrop or a link closes it, and focus returns to the button).
// A page with navigation and search of its own (/docs: Scalar's sidebar and its ⌘K search) gets a
// plain header instead, so it shows one sidebar and one search.
import { usePathname } from 'next/navigation';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Icon } from './icons';

const OWN_NAVIGATION = new Set(['/docs']);

export function AppFrame({ sidebar, palette, children }: { sidebar: ReactNode; palette: ReactNode; children: ReactNode }) {
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    drawer.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onEscape = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('keydown', onEscape);
    return () => document.removeEventListener('keydown', onEscape);
  }, [open]);

  if (OWN_NAVIGATION.has(pathname)) {
    return (
      <div className="app-plain">
        <header className="site">
          <a className="logo" href="/links">
            Sling<span>.</span>
          </a>
          <nav className="site" aria-label="Back to the app">
            <a href="/settings/tokens">API tokens</a>
            <a href="/links">Dashboard</a>
          </nav>
        </header>
        <div id="content" className="app-main" tabIndex={-1}>
          {children}
        </div>
      </div>
    );
  }

  return (
    <div className="app" data-menu={open ? 'open' : 'closed'}>
      <header className="topbar">
        <a className="logo" href="/links">
          Sling<span>.</span>
        </a>
        <button ref={button} type="button" className="menu-button" aria-expanded={open} aria-controls="app-sidebar" onClick={() => setOpen(!open)}>
          <Icon name={open ? 'close' : 'menu'} />
          <span>Menu</span>
        </button>
      </header>
      <div id="app-sidebar" ref={drawer} className="sidebar" onClick={(e) => (e.target as HTMLElement).closest('a') && setOpen(false)}>
        {sidebar}
      </div>
      {open ? <div className="scrim" aria-hidden="true" onClick={() => setOpen(false)} /> : null}
      {/* Pages render their own <main>; this wrapper is the skip link's target. */}
      {/* While the drawer is open the page behind it is out of reach (focus, clicks, screen readers). */}
      <div id="content" className="app-main" tabIndex={-1} inert={open}>
        {children}
        {palette}
      </div>
    </div>
  );
}
