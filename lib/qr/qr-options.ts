// QR code options from a query string, checked: format, size, margin, error correction and
// colours (refused when the contrast is too low to scan, or when light modules sit on a dark ground,
// which many scanners cannot read).
import { invalidField } from '../http/errors';

export const QR_FORMATS = ['png', 'svg', 'pdf'] as const;
export type QrFormat = (typeof QR_FORMATS)[number];
export const ECC_LEVELS = ['L', 'M', 'Q', 'H'] as const;
export type EccLevel = (typeof ECC_LEVELS)[number];

export interface QrOptions {
  format: QrFormat;
  /** PNG: pixels (64–4096). SVG and PDF: points, 1/72 inch (36–2000). */
  size: number;
  /** Quiet zone around the code, in modules (0–16). */
  margin: number;
  ecc: EccLevel;
  /** #rrggbb */
  fg: string;
  bg: string;
}

const SIZE = { png: { min: 64, max: 4096, default: 512, unit: 'pixels' }, vector: { min: 36, max: 2000, default: 288, unit: 'points' } };
/** WCAG's contrast ratio; 4.5 keeps printed and on-screen codes reliably scannable. */
export const MIN_CONTRAST = 4.5;

export function parseQrOptions(params: URLSearchParams): QrOptions {
  const format = (params.get('format') ?? 'png').toLowerCase() as QrFormat;
  if (!QR_FORMATS.includes(format)) throw invalidField('format', 'The format must be png, svg or pdf.');
  const limits = format === 'png' ? SIZE.png : SIZE.vector;
  const size = integer(params, 'size', limits.default, limits.min, limits.max, limits.unit);
  const margin = integer(params, 'margin', 4, 0, 16, 'modules');
  const ecc = (params.get('ecc') ?? 'M').toUpperCase() as EccLevel;
  if (!ECC_LEVELS.includes(ecc)) throw invalidField('ecc', 'The error correction level must be L, M, Q or H.');
  const fg = colour(params, 'fg', '#000000');
  const bg = colour(params, 'bg', '#ffffff');
  const ratio = contrast(fg, bg);
  if (ratio < MIN_CONTRAST) {
    throw invalidField('fg', `These colours contrast ${ratio.toFixed(1)}:1; a scannable code needs at least ${MIN_CONTRAST}:1.`);
  }
  if (luminance(fg) > luminance(bg)) throw invalidField('fg', 'The foreground must be darker than the background; many scanners cannot read light-on-dark codes.');
  return { format, size, margin, ecc, fg, bg };
}

function integer(params: URLSearchParams, name: string, fallback: number, min: number, max: number, unit: string): number {
  const raw = params.get(name);
  if (raw === null || raw === '') return fallback;
  const n = /^\d{1,6}$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= min && n <= max)) throw invalidField(name, `The ${name} must be a whole number of ${unit} from ${min} to ${max}.`);
  return n;
}

function colour(params: URLSearchParams, name: string, fallback: string): string {
  const raw = params.get(name);
  if (raw === null || raw === '') return fallback;
  const m = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(raw);
  if (!m) throw invalidField(name, `The ${name === 'fg' ? 'foreground' : 'background'} colour must be a hex colour such as 1a2b3c.`);
  const hex = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return `#${hex.toLowerCase()}`;
}

/** Relative luminance (WCAG 2). */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}
