// QR code options (parsed from the query by lib/qr/qr-schema.ts): format, size, margin, error
// correction and colours, and the contrast rules they are checked by.

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

export const QR_SIZE = { png: { min: 64, max: 4096, default: 512, unit: 'pixels' }, vector: { min: 36, max: 2000, default: 288, unit: 'points' } };
/** WCAG's contrast ratio; 4.5 keeps printed and on-screen codes reliably scannable. */
export const MIN_CONTRAST = 4.5;

/** Relative luminance (WCAG 2). */
export function luminance(hex: string): number {
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
