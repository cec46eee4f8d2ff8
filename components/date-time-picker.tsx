'use client';
// A date and time in the user's time zone (docs/guide/features.md, "Links in the browser"): a text field that
// takes "2030-03-01 10:00", a calendar popover (arrows, Page Up/Down, Home/End, Enter; Escape
// closes it without closing the dialog around it) with a time field, and a clear button. Its value
// is a datetime-local string ("2030-03-01T10:00", or "" for none), which fromLocalInput
// (links-api.ts) turns into the UTC the API takes, as before.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { CalendarDays } from './date-time-calendar';
import { formatZone, fromParts, parseTyped, toParts, toText } from './date-time-value';

interface DateTimePickerProps {
  label: string;
  /** The text field's name (the dialog focuses a field by the API's error key). */
  name?: string;
  /** The text field's id, when the caller's own labels or errors point at it. */
  id?: string;
  /** datetime-local ("YYYY-MM-DDTHH:mm", the user's time zone), or "" for none. */
  value: string;
  onChange: (value: string) => void;
  /** Said after the time zone, e.g. "Leave empty to never expire." */
  hint?: ReactNode;
  invalid?: boolean;
  /** Ids of more descriptions (the field's error). */
  describedBy?: string;
  /** The field's error, shown under the hint. */
  children?: ReactNode;
}

/** "Expires (optional)" → "Expires": the name the calendar and clear buttons are named after. */
const shortName = (label: string) => label.replace(/\s*\(optional\)\s*$/, '');

export function DateTimePicker({ label, name, id, value, onChange, hint, invalid, describedBy, children }: DateTimePickerProps) {
  const auto = useId();
  const inputId = id ?? `${auto}-input`;
  const root = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const [text, setText] = useState(toText(value));
  const [typo, setTypo] = useState(false);
  const [open, setOpen] = useState(false);
  const parts = toParts(value);

  // A value set from outside (the calendar, a reset) shows in the text field.
  useEffect(() => {
    setText((current) => (parseTyped(current) === value ? current : toText(value)));
    setTypo(false);
  }, [value]);

  // A click outside the popover closes it. Opened, it scrolls into view whole (time field and Done
  // included), after the calendar has focused its day.
  useEffect(() => {
    if (!open) return;
    root.current?.querySelector('.dtp-popover')?.scrollIntoView({ block: 'nearest' });
    const away = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);

  function type(next: string) {
    setText(next);
    const parsed = parseTyped(next);
    setTypo(parsed === null);
    if (parsed !== null && parsed !== value) onChange(parsed);
  }

  // Cleared: the field empties in the same render, not after the value comes back round.
  function clear() {
    setText('');
    setTypo(false);
    onChange('');
  }

  function close(focusOpener: boolean) {
    setOpen(false);
    if (focusOpener) opener.current?.focus();
  }

  function onKey(e: KeyboardEvent) {
    if (!open || e.key !== 'Escape') return;
    // Cancelled, so the modal dialog around the field stays open.
    e.preventDefault();
    e.stopPropagation();
    close(true);
  }

  const hintId = `${auto}-hint`;
  const typoId = `${auto}-typo`;
  const what = shortName(label);
  return (
    <div className="dtp" ref={root} onKeyDown={onKey}>
      <label htmlFor={inputId}>{label}</label>
      <div className="dtp-anchor">
        <div className="dtp-control">
          <input
            id={inputId}
            name={name}
            type="text"
            autoComplete="off"
            spellCheck={false}
            placeholder="YYYY-MM-DD HH:MM"
            value={text}
            onChange={(e) => type(e.target.value)}
            // A date that does not parse is not kept: leaving the field shows the value in force again.
            onBlur={() => {
              if (parseTyped(text) === null) {
                setText(toText(value));
                setTypo(false);
              }
            }}
            aria-invalid={invalid || typo}
            aria-describedby={[hintId, typo ? typoId : null, describedBy].filter(Boolean).join(' ')}
          />
          <button
            ref={opener}
            type="button"
            className="icon-button dtp-open"
            aria-label={`Calendar for ${what}`}
            aria-haspopup="dialog"
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
          >
            <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <rect x="3" y="5" width="18" height="16" rx="2" />
              <path d="M3 10h18M8 3v4M16 3v4" />
            </svg>
          </button>
          {value ? (
            <button type="button" className="icon-button dtp-clear" aria-label={`Clear ${what}`} onClick={clear}>
              ×
            </button>
          ) : null}
        </div>
        {open ? (
          <div className="dtp-popover" role="dialog" aria-label={`${what}: date and time`}>
            <CalendarDays selected={parts?.date ?? null} onPick={(date) => onChange(fromParts(date, parts?.time ?? nextHour()))} />
            <div className="dtp-foot">
              <label>
                Time
                <input
                  type="time"
                  value={parts?.time ?? ''}
                  disabled={!parts}
                  onChange={(e) => parts && e.target.value && onChange(fromParts(parts.date, e.target.value))}
                />
              </label>
              <div className="row">
                <button type="button" className="secondary small" onClick={() => (clear(), close(true))}>
                  Clear
                </button>
                <button type="button" className="small" onClick={() => close(true)}>
                  Done
                </button>
              </div>
            </div>
          </div>
        ) : null}
      </div>
      <span id={hintId} className="hint">
        {parts ? <strong className="dtp-moment">{formatMoment(value)} · </strong> : null}
        {formatZone(value)}.{hint ? <> {hint}</> : null}
      </span>
      {typo ? (
        <span id={typoId} className="field-error">
          Write it as 2030-03-01 10:00, or pick it on the calendar.
        </span>
      ) : null}
      {children}
    </div>
  );
}

/** A day picked without a time yet gets the next full hour. */
function nextHour(): string {
  return `${String((new Date().getHours() + 1) % 24).padStart(2, '0')}:00`;
}

/** "Fri, 1 Mar 2030, 10:00" in the user's language. */
function formatMoment(value: string): string {
  return new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(
    new Date(value),
  );
}
