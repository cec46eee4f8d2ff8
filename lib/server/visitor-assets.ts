// What the visitor pages (lib/link-pages/page-html.ts) load from Sling, on the app host and on every
// custom domain alike: the Inter font the dashboard uses (its Latin subset, from the
// @fontsource-variable/inter package, read once) and /favicon.ico (Sling's icon on the app host; a
// custom domain answers its own, lib/edge/favicon-answer.ts).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ServerResponse } from 'node:http';
import { VISITOR_FONT_PATH } from '../link-pages/page-html';

export { VISITOR_FONT_PATH };

let font: Buffer | undefined;

/** Whether `path` (the routed path, no query) is the visitor pages' font. */
export function isVisitorFontPath(path: string): boolean {
  return path === VISITOR_FONT_PATH;
}

export function answerVisitorFont(res: ServerResponse): void {
  font ??= readFileSync(createRequire(import.meta.url).resolve('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2'));
  res.writeHead(200, {
    'Content-Type': 'font/woff2',
    'Content-Length': String(font.length),
    // A day: a new package version may change the file under the same name.
    'Cache-Control': 'public, max-age=86400',
    'X-Content-Type-Options': 'nosniff',
    'Access-Control-Allow-Origin': '*',
  });
  res.end(font);
}
