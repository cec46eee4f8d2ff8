// One HTML document from a landing page's three parts: the CSS in a <style> at the end of <head>,
// the JavaScript in a <script> at the end of <body>. The same assembly serves the domain's root and
// the editor's preview, so what the owner sees is what visitors get.
import type { LandingParts } from './landing-size';

export interface AssembleOptions {
  /** Put on every <script> (the editor's preview runs under the dashboard's nonce policy). */
  nonce?: string;
}

/** `</style` or `</script` inside the code would end its element early: HTML lets `<\/` stand in. */
function inert(code: string, tag: 'style' | 'script'): string {
  return code.replace(new RegExp(`</(${tag})`, 'gi'), '<\\/$1');
}

function insertBefore(html: string, closing: RegExp, piece: string, fallback: (html: string) => string): string {
  const match = closing.exec(html);
  if (!match) return fallback(html);
  return html.slice(0, match.index) + piece + html.slice(match.index);
}

export function assembleLanding(page: LandingParts, opts: AssembleOptions = {}): string {
  const nonceAttr = opts.nonce ? ` nonce="${opts.nonce.replace(/[^A-Za-z0-9+/=_-]/g, '')}"` : '';
  let html = page.html;
  if (opts.nonce) html = html.replace(/<script\b/gi, `<script${nonceAttr}`);
  if (!/^\s*<!doctype/i.test(html)) html = `<!doctype html>\n${html}`;
  if (page.css.trim() !== '') {
    const style = `<style>\n${inert(page.css, 'style')}\n</style>\n`;
    html = insertBefore(html, /<\/head\s*>/i, style, (h) => h.replace(/^(\s*<!doctype[^>]*>\s*)/i, `$1${style}`));
  }
  if (page.js.trim() !== '') {
    const script = `<script${nonceAttr}>\n${inert(page.js, 'script')}\n</script>\n`;
    const lastBody = html.search(/<\/body\s*>(?![\s\S]*<\/body\s*>)/i);
    html = lastBody === -1 ? `${html}\n${script}` : html.slice(0, lastBody) + script + html.slice(lastBody);
  }
  return html;
}
