// The date-time picker's values (date-time-picker.tsx): datetime-local strings ("2030-03-01T10:00",
// the user's time zone), what the text field shows and takes ("2030-03-01 10:00"), and the zone.

const pad = (n: number) => String(n).padStart(2, '0');

/** "2030-03-01T10:00" → { date: "2030-03-01", time: "10:00" }; null for "". */
export function toParts(value: string): { date: string; time: string } | null {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(value);
  return m ? { date: m[1], time: m[2] } : null;
}

export const fromParts = (date: string, time: string) => `${date}T${time}`;

/** What the text field shows for a value. */
export const toText = (value: string) => value.slice(0, 16).replace('T', ' ');

/**
 * The typed text as a value: "" for an empty field, null when it is not a real date and time.
 * Takes "2030-03-01 10:00", "2030-03-01T10:00", "2030-3-1 9:05" and a date alone (midnight).
 */
export function parseTyped(text: string): string | null {
  const t = text.trim();
  if (!t) return '';
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T]+(\d{1,2}):(\d{2}))?$/.exec(t);
  if (!m) return null;
  const [year, month, day, hour = 0, minute = 0] = m.slice(1).map((v) => (v === undefined ? undefined : Number(v))) as number[];
  const d = new Date(year, month - 1, day, hour, minute);
  // 2030-02-30 would roll over to March: refused rather than guessed.
  if (d.getFullYear() !== year || d.getMonth() !== month - 1 || d.getDate() !== day || hour > 23 || minute > 59) return null;
  return `${year}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}`;
}

/** "Europe/Paris, UTC+01:00": the zone and its offset at the value's moment (now without one). */
export function formatZone(value: string): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const at = value ? new Date(value) : new Date();
  const minutes = -at.getTimezoneOffset();
  const sign = minutes < 0 ? '-' : '+';
  return `${zone}, UTC${sign}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
}

/** A calendar day ("2030-03-01") of a local Date. */
export const dayOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The local Date at noon of a day (noon: no daylight-saving change moves it to another day). */
export function dateOf(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d, 12);
}
