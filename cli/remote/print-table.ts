// Output for people: aligned tables and key-value blocks (scripts use --json instead).
import { print } from '../cli-io';

type Cell = string | number | boolean | null | undefined;

/** Columns padded to their widest cell; the last column is not padded. */
export function formatTable(headers: string[], rows: Cell[][]): string {
  const cells = [headers, ...rows.map((r) => r.map(text))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  return cells.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]))).join('  ')).join('\n');
}

/** `label  value` lines, the labels aligned. */
export function formatFields(fields: [string, Cell][]): string {
  const width = Math.max(...fields.map(([k]) => k.length));
  return fields.map(([k, v]) => `${`${k}:`.padEnd(width + 1)}  ${text(v)}`).join('\n');
}

export function printTable(headers: string[], rows: Cell[][], empty = '(none)'): void {
  print(rows.length === 0 ? empty : formatTable(headers, rows));
}

export function printFields(fields: [string, Cell][]): void {
  print(formatFields(fields));
}

function text(value: Cell): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}

/** A long value cut to `max` characters with an ellipsis. */
export function cut(value: string, max: number): string {
  return value.length <= max ? value : `${value.slice(0, max - 1)}…`;
}

/** An ISO timestamp as `2026-11-29 14:05` (UTC), or '-'. */
export function when(iso: string | null | undefined): string {
  return iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : '-';
}
