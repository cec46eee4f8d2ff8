// The query of GET /api/v1/links/{id}/qr: format, size, margin, error correction, colours (refused
// when the contrast is too low to scan, or when light modules sit on a dark ground, which many
// scanners cannot read) and the centre logo. Each refusal names its parameter.
import { z } from 'zod';
import { contrast, ECC_LEVELS, luminance, MIN_CONTRAST, QR_FORMATS, QR_SIZE, type QrOptions } from './qr-options';
import { parseWith } from '../schemas/parse-input';

const blank = (v: string | undefined) => v === undefined || v === '';

const format = z
  .string()
  .optional()
  .transform((v) => (blank(v) ? 'png' : v!.toLowerCase()))
  .pipe(z.enum(QR_FORMATS, { error: 'The format must be png, svg or pdf.' }))
  .meta({ description: 'png (default), svg or pdf.' });

/** Digits; the range depends on the format (checked with the whole query). */
const size = z
  .string()
  .regex(/^\d{0,6}$/, {
    error: `The size must be a whole number: ${QR_SIZE.png.min} to ${QR_SIZE.png.max} pixels (PNG), ${QR_SIZE.vector.min} to ${QR_SIZE.vector.max} points (SVG, PDF).`,
  })
  .optional()
  .meta({
    description: `PNG: pixels, ${QR_SIZE.png.min}–${QR_SIZE.png.max} (default ${QR_SIZE.png.default}). SVG and PDF: points, ${QR_SIZE.vector.min}–${QR_SIZE.vector.max} (default ${QR_SIZE.vector.default}).`,
  });

const marginMessage = 'The margin must be a whole number of modules from 0 to 16.';
const margin = z
  .string()
  .optional()
  .transform((v) => (blank(v) ? 4 : /^\d{1,6}$/.test(v!) ? Number(v) : NaN))
  .pipe(z.number().min(0, { error: marginMessage }).max(16, { error: marginMessage }))
  .meta({ description: 'The quiet zone around the code, in modules: 0–16 (default 4).' });

const ecc = z
  .string()
  .optional()
  .transform((v) => (blank(v) ? 'M' : v!.toUpperCase()))
  .pipe(z.enum(ECC_LEVELS, { error: 'The error correction level must be L, M, Q or H.' }))
  .meta({ description: 'Error correction: L, M (default), Q or H (forced with a logo).' });

const colour = (name: 'foreground' | 'background', fallback: string) =>
  z
    .string()
    .regex(/^(|#?([0-9a-f]{6}|[0-9a-f]{3}))$/i, { error: `The ${name} colour must be a hex colour such as 1a2b3c.` })
    .optional()
    .transform((v) => {
      if (blank(v)) return fallback;
      const hex = v!.replace(/^#/, '');
      return `#${(hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex).toLowerCase()}`;
    })
    .meta({ description: `The ${name} colour, hex (default ${fallback}).` });

const fields = { format, size, margin, ecc, fg: colour('foreground', '#000000'), bg: colour('background', '#ffffff') };

function checked(q: Omit<QrOptions, 'size'> & { size?: string }, ctx: z.RefinementCtx): QrOptions {
  const limits = q.format === 'png' ? QR_SIZE.png : QR_SIZE.vector;
  const n = blank(q.size) ? limits.default : Number(q.size);
  if (!(n >= limits.min && n <= limits.max))
    ctx.addIssue({ code: 'custom', path: ['size'], message: `The size must be a whole number of ${limits.unit} from ${limits.min} to ${limits.max}.` });
  const ratio = contrast(q.fg, q.bg);
  if (ratio < MIN_CONTRAST)
    ctx.addIssue({ code: 'custom', path: ['fg'], message: `These colours contrast ${ratio.toFixed(1)}:1; a scannable code needs at least ${MIN_CONTRAST}:1.` });
  else if (luminance(q.fg) > luminance(q.bg))
    ctx.addIssue({
      code: 'custom',
      path: ['fg'],
      message: 'The foreground must be darker than the background; many scanners cannot read light-on-dark codes.',
    });
  return { format: q.format, size: n, margin: q.margin, ecc: q.ecc, fg: q.fg, bg: q.bg };
}

/** The code's own options (no logo). */
export const ZQrOptions = z.object(fields).transform(checked);

/** logo=1 (or true): the link's uploaded logo; logo=favicon: its domain's favicon; absent, 0 or false: none. */
const logo = z
  .enum(['', '0', 'false', '1', 'true', 'favicon'], { error: 'The logo must be 1 (the uploaded logo) or favicon.' })
  .optional()
  .transform((v) => (v === 'favicon' ? ('favicon' as const) : v === '1' || v === 'true' ? ('uploaded' as const) : undefined))
  .meta({ description: '1: the link’s uploaded logo; favicon: its domain’s favicon; absent: none.' });

export const ZQrQuery = z.object({ ...fields, logo }).transform((q, ctx) => ({ ...checked(q, ctx), logo: q.logo }));

/** The options of a query string (the unit tests and benchmarks; the route parses ZQrQuery). */
export function parseQrOptions(params: URLSearchParams): QrOptions {
  return parseWith(ZQrOptions, Object.fromEntries(params));
}
