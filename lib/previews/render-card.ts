// The generated social card (1200×630 PNG) for a link whose preview has no image: its title,
// description and short domain, laid out by satori (HTML/CSS → SVG) with the Inter font files of
// @fontsource/inter (shipped in the package, read from disk: no network) and rasterised by resvg's
// WebAssembly build (no native code). Runs in the CPU pool (cpu-tasks.ts), off the edge's thread.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../core/project-root';

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

export interface CardInput {
  title: string;
  description: string | null;
  /** The short link's host, e.g. "go.example.com". */
  domain: string;
}

/** Inter's subsets, each a font of its own name: satori takes a missing glyph from the next family listed. */
const SUBSETS = ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'vietnamese'];
const FAMILY = SUBSETS.map((s) => `'Inter ${s}'`).join(', ');

type Font = { name: string; data: Buffer; weight: 400 | 700; style: 'normal' };
type Satori = typeof import('satori')['default'];
type ResvgModule = typeof import('@resvg/resvg-wasm');

let engine: Promise<{ satori: Satori; resvg: ResvgModule; fonts: Font[] }> | undefined;

/** Loaded once per thread: fonts (≈ 300 KiB) and the WebAssembly module. */
function loadEngine() {
  engine ??= (async () => {
    // Read from the project's node_modules by path: the bundlers (Next's, for route handlers that
    // share cpu-tasks.ts) must not try to bundle a .wasm or the font files.
    const modules = join(projectRoot(), 'node_modules');
    const [{ default: satori }, resvg] = await Promise.all([import('satori'), import('@resvg/resvg-wasm')]);
    await resvg.initWasm(readFileSync(join(modules, '@resvg', 'resvg-wasm', 'index_bg.wasm')));
    // Latin first; the other subsets cover titles in other scripts (satori falls back in this order).
    const fonts: Font[] = [];
    for (const subset of SUBSETS) {
      for (const weight of [400, 700] as const) {
        const data = readFileSync(join(modules, '@fontsource', 'inter', 'files', `inter-${subset}-${weight}-normal.woff`));
        fonts.push({ name: `Inter ${subset}`, data, weight, style: 'normal' });
      }
    }
    return { satori, resvg, fonts };
  })();
  engine.catch(() => (engine = undefined));
  return engine;
}

type Node = { type: string; props: { style?: Record<string, unknown>; children?: Node | string | (Node | string)[] } };
const h = (type: string, style: Record<string, unknown>, children?: Node['props']['children']): Node => ({ type, props: { style, children } });

/** Cuts text at a word boundary with an ellipsis (satori draws what it gets). */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export function cardTree(input: CardInput): Node {
  const title = clip(input.title, 110);
  const long = title.length > 60;
  const description = input.description ? clip(input.description, 160) : null;
  return h(
    'div',
    {
      // Fixed size, no padding (satori sizes boxes as content-box): the blocks are placed absolutely.
      width: CARD_WIDTH,
      height: CARD_HEIGHT,
      display: 'flex',
      position: 'relative',
      background: 'linear-gradient(135deg, #eef2ff 0%, #ffffff 55%, #ecfeff 100%)',
      fontFamily: FAMILY,
      color: '#0f172a',
    },
    [
      h('div', { display: 'flex', flexDirection: 'column', position: 'absolute', left: 80, top: 72, width: 1040 }, [
        h(
          'div',
          { display: 'flex', width: 1040, wordBreak: 'break-word', fontSize: long ? 56 : 72, fontWeight: 700, lineHeight: 1.15, letterSpacing: -1 },
          title,
        ),
        ...(description
          ? [h('div', { display: 'flex', width: 1040, wordBreak: 'break-word', marginTop: 28, fontSize: 32, lineHeight: 1.4, color: '#475569' }, description)]
          : []),
      ]),
      h('div', { display: 'flex', position: 'absolute', left: 80, bottom: 64, alignItems: 'center', fontSize: 30, fontWeight: 700, color: '#4338ca' }, [
        h('div', { display: 'flex', width: 18, height: 18, borderRadius: 9, background: '#4338ca', marginRight: 16 }),
        h('div', { display: 'flex' }, clip(input.domain, 60)),
      ]),
    ],
  );
}

/** The card as PNG bytes (Uint8Array: it crosses threads by structured clone). */
export async function renderCard(input: CardInput): Promise<Uint8Array> {
  const { satori, resvg, fonts } = await loadEngine();
  const svg = await satori(cardTree(input) as never, { width: CARD_WIDTH, height: CARD_HEIGHT, fonts });
  const rendered = new resvg.Resvg(svg, { fitTo: { mode: 'original' } }).render();
  const png = rendered.asPng();
  rendered.free();
  return png;
}
