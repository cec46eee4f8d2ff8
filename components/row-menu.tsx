'use client';
// A row's "…" menu: a button that opens a short list of actions. A disclosure rather than an ARIA
// menu: Tab moves through the actions; Escape, a click outside or tabbing away closes it.
import { useEffect, useId, useRef, useState } from 'react';
import { Icon } from './icons';

export interface RowAction {
  label: string;
  onSelect: () => void;
  danger?: boolean;
}

export function RowMenu({
  label,
  actions,
}: {
  /** Names the button for assistive technology, e.g. "More for sl.ing/x". */ label: string;
  actions: RowAction[];
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    root.current?.querySelector<HTMLButtonElement>('.row-menu-panel button')?.focus();
    const outside = (e: MouseEvent) => root.current?.contains(e.target as Node) || setOpen(false);
    const onEscape = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.stopPropagation();
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('mousedown', outside);
    document.addEventListener('keydown', onEscape);
    return () => {
      document.removeEventListener('mousedown', outside);
      document.removeEventListener('keydown', onEscape);
    };
  }, [open]);

  return (
    <div className="row-menu" ref={root} onBlur={(e) => e.relatedTarget && !root.current?.contains(e.relatedTarget) && setOpen(false)}>
      <button ref={button} type="button" className="icon-button" aria-label={label} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        <Icon name="more" />
      </button>
      <div id={panelId} className="row-menu-panel" hidden={!open}>
        {actions.map((a) => (
          <button
            key={a.label}
            type="button"
            className={a.danger ? 'danger' : undefined}
            onClick={() => {
              setOpen(false);
              a.onSelect();
            }}
          >
            {a.label}
          </button>
        ))}
      </div>
    </div>
  );
}
