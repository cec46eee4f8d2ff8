// One CSV cell, as every CSV Sling writes it (click exports, the audit log, import reports).
/**
 * One CSV cell. Text that a spreadsheet would read as a formula (starting with = + - @, a tab or a
 * carriage return: OWASP's rule for CSV injection) gets a leading ' so it shows as text; then RFC
 * 4180: fields holding a comma, quote or line break are quoted, with their quotes doubled. Numbers
 * and booleans are Sling's own values and are written as they are. JSON exports are not touched.
 */
export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}
