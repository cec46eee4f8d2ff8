'use client';
// The palette as a menu of radio items behind a button: arrow keys move between colours, Enter or
// Space picks one, Escape closes and gives focus back to the button.
import { useEffect, useId, useRef, useState } from 'react';
import { TAG_COLORS, type TagColor } from '@/lib/tags/tag-colors';

interface TagColorMenuProps {
  /** The tag's name, for the button's label. */
  name: string;
  value: TagColor;
  onPick: (color: TagColor) => void;
  disabled?: boolean;
}

const label = (c: string) => c[0].toUpperCase() + c.slice(1);

export function TagColorMenu({ name, value, onPick, disabled }: TagColorMenuProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLButtonElement>('[aria-checked="true"]')?.focus();
    const away = (e: PointerEvent) => {
      if (!menu.current?.contains(e.target as Node) && !button.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const onKey = (e: React.KeyboardEvent) => {
    const items = [...(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitemradio"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    const move = (to: number) => {
      e.preventDefault();
      items[(to + items.length) % items.length]?.focus();
    };
    if (e.key === 'ArrowDown') move(at + 1);
    else if (e.key === 'ArrowUp') move(at - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(items.length - 1);
    else if (e.key === 'Escape' || e.key === 'Tab') {
      e.preventDefault();
      close();
    }
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className="secondary small with-icon"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        aria-label={`Colour of ${name}: ${value}`}
        disabled={disabled}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="tag-swatch" data-color={value} aria-hidden="true" />
        Colour
      </button>
      {open ? (
        <div ref={menu} id={id} className="color-menu" role="menu" aria-label={`Colour of ${name}`} onKeyDown={onKey}>
          {TAG_COLORS.map((c) => (
            <button
              key={c}
              type="button"
              role="menuitemradio"
              aria-checked={c === value}
              tabIndex={-1}
              onClick={() => {
                close();
                if (c !== value) onPick(c);
              }}
            >
              <span className="tag-swatch" data-color={c} aria-hidden="true" />
              {label(c)}
            </button>
          ))}
        </div>
      ) : null}
    </>
  );
}
