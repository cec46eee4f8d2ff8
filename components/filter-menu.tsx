'use client';
// A button that shows the current choice and opens a listbox of the others (the links page's status,
// tag, domain and sort; the bulk bar's tag and domain pickers). The ARIA "select-only combobox"
// shape, with a button: aria-haspopup="listbox", focus on the list while it is open, ↑/↓/Home/End
// move, Enter or Space picks, Escape or Tab closes, a letter jumps to the next option starting with
// it. The list opens below the button (above when the window has no room below) and stays inside
// the window's width.
import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Icon, type IconName } from './icons';

export interface MenuOption<V extends string = string> {
  value: V;
  label: string;
}

interface FilterMenuProps<V extends string> {
  /** What is chosen ("Status", "Sort"): the list's name, and the button's with the current choice. */
  label: string;
  value: V;
  options: readonly MenuOption<V>[];
  onChange: (value: V) => void;
  /** Shown on the button instead of the current option's label (an action picker: "Add tag"). */
  buttonText?: string;
  /** An icon before the button's text. */
  icon?: IconName;
  className?: string;
  disabled?: boolean;
}

/** The room kept between the list and the window's edges, in px. */
const EDGE = 8;

export function FilterMenu<V extends string>({ label, value, options, onChange, buttonText, icon, className, disabled }: FilterMenuProps<V>) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [place, setPlace] = useState<{ up: boolean; shift: number }>({ up: false, shift: 0 });
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const id = useId();
  const current = options.find((o) => o.value === value);
  const text = buttonText ?? current?.label ?? label;

  function show() {
    setActive(
      Math.max(
        0,
        options.findIndex((o) => o.value === value),
      ),
    );
    setOpen(true);
  }
  function close(refocus: boolean) {
    setOpen(false);
    if (refocus) button.current?.focus();
  }
  function pick(i: number) {
    const option = options[i];
    close(true);
    if (option && option.value !== value) onChange(option.value);
    else if (option && buttonText) onChange(option.value);
  }

  // Placed before the open list is painted, so it never shows in the wrong place first.
  useLayoutEffect(() => {
    if (!open || !button.current || !list.current) return;
    const b = button.current.getBoundingClientRect();
    const width = list.current.offsetWidth;
    const height = list.current.offsetHeight;
    const below = window.innerHeight - b.bottom;
    const overflowRight = b.left + width - (document.documentElement.clientWidth - EDGE);
    setPlace({ up: below < height + EDGE && b.top > below, shift: overflowRight > 0 ? -Math.min(overflowRight, b.left - EDGE) : 0 });
    list.current.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    list.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [open, active]);

  useEffect(() => {
    if (!open) return;
    const outside = (e: MouseEvent) => root.current?.contains(e.target as Node) || setOpen(false);
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [open]);

  function onListKey(e: KeyboardEvent<HTMLUListElement>) {
    const last = options.length - 1;
    const moved = new Map([
      ['ArrowDown', Math.min(last, active + 1)],
      ['ArrowUp', Math.max(0, active - 1)],
      ['Home', 0],
      ['End', last],
      ['PageDown', Math.min(last, active + 10)],
      ['PageUp', Math.max(0, active - 10)],
    ]).get(e.key);
    if (moved !== undefined) {
      e.preventDefault();
      setActive(moved);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      pick(active);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close(true);
    } else if (e.key === 'Tab') {
      close(false);
    } else if (e.key.length === 1 && /\S/.test(e.key)) {
      const key = e.key.toLowerCase();
      const bare = (o: MenuOption<V>) => o.label.replace(/^[#@]/, '').toLowerCase();
      const after = options.findIndex((o, i) => i > active && bare(o).startsWith(key));
      const found = after >= 0 ? after : options.findIndex((o) => bare(o).startsWith(key));
      if (found >= 0) setActive(found);
    }
  }

  return (
    <div className={`filter-menu${className ? ` ${className}` : ''}`} ref={root}>
      <button
        ref={button}
        type="button"
        className="filter-menu-button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? `${id}-list` : undefined}
        aria-label={buttonText ? undefined : `${label}: ${text}`}
        disabled={disabled}
        onClick={() => (open ? close(false) : show())}
        onKeyDown={(e) => {
          if (!open && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
            e.preventDefault();
            show();
          }
        }}
      >
        {icon ? <Icon name={icon} size={16} /> : null}
        <span className="filter-menu-text">{text}</span>
        <Icon name="chevronDown" size={14} />
      </button>
      {open ? (
        <ul
          ref={list}
          id={`${id}-list`}
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: ARIA's listbox pattern (the list holds focus, aria-activedescendant names the option)
          role="listbox"
          aria-label={label}
          tabIndex={-1}
          className="filter-menu-list"
          data-place={place.up ? 'up' : 'down'}
          style={place.shift ? { left: place.shift } : undefined}
          aria-activedescendant={`${id}-${active}`}
          onKeyDown={onListKey}
          onBlur={(e) => !root.current?.contains(e.relatedTarget) && setOpen(false)}
        >
          {options.map((o, i) => (
            // biome-ignore lint/a11y/useFocusableInteractive: an option of the listbox, which keeps focus and takes the keys
            <li
              key={o.value}
              id={`${id}-${i}`}
              data-index={i}
              // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: an option of ARIA's listbox pattern
              role="option"
              aria-selected={!buttonText && o.value === value}
              className={i === active ? 'active' : undefined}
              onMouseMove={() => i !== active && setActive(i)}
              onClick={() => pick(i)}
            >
              <span>{o.label}</span>
              {!buttonText && o.value === value ? <Icon name="check" size={14} /> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
