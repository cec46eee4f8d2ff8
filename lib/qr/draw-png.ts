// PNG codes drawn straight from the QR matrix into a bitmap (where a logo can be drawn too), then
// encoded once: no PNG written by qrcode only to be decoded again for the logo. A module's pixel
// rows are all alike, so each is built once and copied.
import { PNG } from 'pngjs';
import type { QrOptions } from './qr-options';
import type { QrMatrix } from './render-qr';

/** A `opts.size`-pixel square bitmap of the code, modules placed as the qrcode package places them. */
export function drawPng(m: QrMatrix, opts: Pick<QrOptions, 'size' | 'margin' | 'fg' | 'bg'>): PNG {
  const side = opts.size;
  const scale = side / (m.size + 2 * opts.margin);
  const edge = opts.margin * scale;
  const [fg, bg] = [rgb(opts.fg), rgb(opts.bg)];
  const png = new PNG({ width: side, height: side });
  const rowBytes = side * 4;
  /** Which module column each pixel column falls in (-1: the quiet zone). */
  const column = new Int32Array(side);
  for (let x = 0; x < side; x++) column[x] = x >= edge && x < side - edge ? Math.floor((x - edge) / scale) : -1;
  const quiet = pixelRow(side, () => bg);
  const rows = new Map<number, Buffer>();
  for (let y = 0; y < side; y++) {
    const r = y >= edge && y < side - edge ? Math.floor((y - edge) / scale) : -1;
    let row = r < 0 ? quiet : rows.get(r);
    if (!row) rows.set(r, (row = pixelRow(side, (x) => (column[x] >= 0 && m.dark(column[x], r) ? fg : bg))));
    row.copy(png.data, y * rowBytes);
  }
  return png;
}

/**
 * RGB (the codes are opaque) with the "Up" filter for every row: as small as pngjs's default of
 * trying all five filters on every row, at a third of its time, since a code's rows mostly repeat.
 */
export function encodePng(png: PNG): Buffer {
  return PNG.sync.write(png, { colorType: 2, filterType: 2 });
}

function pixelRow(width: number, colourAt: (x: number) => [number, number, number]): Buffer {
  const row = Buffer.alloc(width * 4);
  for (let x = 0; x < width; x++) {
    const [r, g, b] = colourAt(x);
    row[x * 4] = r;
    row[x * 4 + 1] = g;
    row[x * 4 + 2] = b;
    row[x * 4 + 3] = 255;
  }
  return row;
}

function rgb(hex: string): [number, number, number] {
  return [parseInt(hex.slice(1, 3), 16), parseInt(hex.slice(3, 5), 16), parseInt(hex.slice(5, 7), 16)];
}
