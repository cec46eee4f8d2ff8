'use client';
// A row's "…" menu: a button that opens a short list of actions. A disclosure rather than an ARIA
// menu: Tab moves through the actions; Escape, a click outside or tabbing away closes it. It opens
// below the button, or above it when the window has no room below, and stays inside the window.
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Icon } from './icons';

export interface RowAction {
  label: string;
  onSelect: () => void;
  danger?: boolean;
}

/** The room kept between the menu and the window's edges, in px. */
const EDGE = 8;

interface Placement {
  up: boolean;
  /** How far right of the button's right edge the menu's right edge goes (negative: it moves right). */
  right: number;
}

/** Where the open menu fits: below the button unless the room below is short and above is larger. */
function placeMenu(button: DOMRect, width: number, height: number): Placement {
  const below = window.innerHeight - button.bottom;
  const up = below < height + EDGE && button.top > below;
  const left = button.right - width;
  return { up, right: left < EDGE ? left - EDGE : 0 };
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
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const [placement, setPlacement] = useState<Placement>({ up: false, right: 0 });

  // Measured before the open menu is painted, so it never shows in the wrong place first.
  useLayoutEffect(() => {
    if (!open || !button.current || !panel.current) return;
    setPlacement(placeMenu(button.current.getBoundingClientRect(), panel.current.offsetWidth, panel.current.offsetHeight));
  }, [open]);

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
      <div
        id={panelId}
        ref={panel}
        className="row-menu-panel"
        hidden={!open}
        data-place={placement.up ? 'up' : 'down'}
        style={placement.right ? { right: placement.right } : undefined}
      >
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
