'use client';
// The date-time picker's month (date-time-picker.tsx): a table of day buttons with one tab stop
// (the focused day); arrows move a day or a week, Page Up/Down a month, Home/End to the week's
// ends, Enter or Space picks. The week starts on the day the user's locale starts it.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { dateOf, dayOf } from './date-time-value';

interface CalendarDaysProps {
  /** The chosen day ("2030-03-01"), or null. */
  selected: string | null;
  onPick: (day: string) => void;
}

/** 0 (Sunday) to 6: the locale's first day of the week (Monday where the browser cannot say). */
function firstWeekday(): number {
  const locale = new Intl.Locale(navigator.language) as Intl.Locale & { getWeekInfo?: () => { firstDay: number }; weekInfo?: { firstDay: number } };
  const first = locale.getWeekInfo?.().firstDay ?? locale.weekInfo?.firstDay ?? 1;
  return first % 7;
}

const addDays = (day: string, n: number) => {
  const d = dateOf(day);
  d.setDate(d.getDate() + n);
  return dayOf(d);
};
const addMonths = (day: string, n: number) => {
  const d = dateOf(day);
  const want = d.getDate();
  d.setDate(1);
  d.setMonth(d.getMonth() + n);
  d.setDate(Math.min(want, new Date(d.getFullYear(), d.getMonth() + 1, 0).getDate()));
  return dayOf(d);
};

/** Where a key moves the focused day; null for a key that does not move it. */
function moveBy(key: string, day: string, first: number): string | null {
  const intoWeek = (dateOf(day).getDay() - first + 7) % 7;
  switch (key) {
    case 'ArrowLeft':
      return addDays(day, -1);
    case 'ArrowRight':
      return addDays(day, 1);
    case 'ArrowUp':
      return addDays(day, -7);
    case 'ArrowDown':
      return addDays(day, 7);
    case 'PageUp':
      return addMonths(day, -1);
    case 'PageDown':
      return addMonths(day, 1);
    case 'Home':
      return addDays(day, -intoWeek);
    case 'End':
      return addDays(day, 6 - intoWeek);
    default:
      return null;
  }
}

export function CalendarDays({ selected, onPick }: CalendarDaysProps) {
  const today = dayOf(new Date());
  const [focus, setFocus] = useState(selected ?? today);
  const table = useRef<HTMLTableElement>(null);
  // Keyboard moves (and opening) take the focus along; the month buttons keep it.
  const follow = useRef(true);
  const first = firstWeekday();
  const shown = dateOf(focus);
  const year = shown.getFullYear();
  const month = shown.getMonth();
  const lead = (new Date(year, month, 1).getDay() - first + 7) % 7;
  const length = new Date(year, month + 1, 0).getDate();
  const cells = [...Array(lead).fill(null), ...Array.from({ length }, (_, i) => dayOf(new Date(year, month, i + 1, 12)))];
  while (cells.length % 7) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7) as (string | null)[]);
  const weekdays = Array.from({ length: 7 }, (_, i) => new Date(2024, 0, 7 + ((first + i) % 7), 12)); // 7 Jan 2024 was a Sunday
  const fmt = (opts: Intl.DateTimeFormatOptions, d: Date) => new Intl.DateTimeFormat(undefined, opts).format(d);

  useEffect(() => {
    if (!follow.current) return;
    table.current?.querySelector<HTMLButtonElement>(`button[data-day="${focus}"]`)?.focus();
  }, [focus]);

  function onKey(e: KeyboardEvent) {
    const next = moveBy(e.key, focus, first);
    if (!next) return;
    e.preventDefault();
    follow.current = true;
    setFocus(next);
  }

  const monthId = `dtp-month-${focus.slice(0, 7)}`;
  return (
    <div className="dtp-calendar">
      <div className="dtp-head">
        <button
          type="button"
          className="icon-button"
          aria-label="Previous month"
          onClick={() => {
            follow.current = false;
            setFocus(addMonths(focus, -1));
          }}
        >
          ‹
        </button>
        <strong id={monthId} aria-live="polite">
          {fmt({ month: 'long', year: 'numeric' }, shown)}
        </strong>
        <button
          type="button"
          className="icon-button"
          aria-label="Next month"
          onClick={() => {
            follow.current = false;
            setFocus(addMonths(focus, 1));
          }}
        >
          ›
        </button>
      </div>
      <table ref={table} aria-labelledby={monthId} onKeyDown={onKey}>
        <thead>
          <tr>
            {weekdays.map((d) => (
              <th key={d.getDay()} scope="col" abbr={fmt({ weekday: 'long' }, d)}>
                {fmt({ weekday: 'narrow' }, d)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find(Boolean)}>
              {week.map((day, i) =>
                day ? (
                  <td key={day}>
                    <button
                      type="button"
                      data-day={day}
                      tabIndex={day === focus ? 0 : -1}
                      aria-pressed={day === selected}
                      aria-current={day === today ? 'date' : undefined}
                      aria-label={fmt({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }, dateOf(day))}
                      onClick={() => {
                        setFocus(day);
                        onPick(day);
                      }}
                    >
                      {Number(day.slice(8))}
                    </button>
                  </td>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: an empty cell's place in its week is its identity
                  <td key={`blank-${i}`} />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
