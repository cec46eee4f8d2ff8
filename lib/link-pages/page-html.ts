// The small standalone pages visitors of a short link may see (no app chrome, no scripts): the
// short domain's name on top, a card in the app's colours (light or dark as the visitor's system
// is), and a "Report this link" link to the app's /report page, absolute to the app host so it works
// from a custom domain too. Inline styles; the pages load only the Inter font and the icon from their
// own host.
/** Where the pages' font is served (lib/server/visitor-assets.ts): two segments under /l/, so no short code can shadow it. */
export const VISITOR_FONT_PATH = '/l/font/inter-latin.woff2';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export type PageTone = 'info' | 'time' | 'lock' | 'warn' | 'danger';

export interface PageOptions {
  title: string;
  heading: string;
  /** HTML, already escaped. */
  body: string;
  status: number;
  /** The short domain the visitor came to (shown on top). */
  host?: string;
  /** The app's /report address for this short link; no report link without it. */
  reportUrl?: string;
  tone?: PageTone;
}

export function pageHtml(opts: PageOptions): Response {
  return new Response(pageDocument(opts), {
    status: opts.status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-robots-tag': 'noindex' },
  });
}

/** `${baseUrl}/report?url=<shortUrl>`: where a visitor reports a short link (the app host, whatever the domain). */
export function reportUrl(baseUrl: string, shortUrl: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/report?${new URLSearchParams({ url: shortUrl })}`;
}

const ICONS: Record<PageTone, string> = {
  info: '<circle cx="12" cy="12" r="9"/><path d="M12 8h.01M11 12h1v5h1"/>',
  time: '<circle cx="12" cy="12" r="9"/><path d="M12 7v5l3 2"/>',
  lock: '<rect x="5" y="11" width="14" height="9" rx="2"/><path d="M8 11V8a4 4 0 0 1 8 0v3"/>',
  warn: '<path d="M12 4 2.5 20h19z"/><path d="M12 10v4M12 17h.01"/>',
  danger: '<circle cx="12" cy="12" r="9"/><path d="m8.5 8.5 7 7M15.5 8.5l-7 7"/>',
};

const STYLE = `@font-face{font-family:'Inter Variable';font-style:normal;font-display:swap;font-weight:100 900;src:url(${VISITOR_FONT_PATH}) format('woff2-variations');unicode-range:U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD}
:root{color-scheme:light dark;--bg:#f7f7f8;--card:#fff;--text:#16181d;--muted:#5c6270;--border:#dfe1e6;--accent:#4f46e5;--accent-text:#fff;--error:#b42318;--warn:#b54708;--info-bg:#eef2ff;--warn-bg:#fffaeb;--danger-bg:#fef3f2;font-family:'Inter Variable',ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}
@media (prefers-color-scheme:dark){:root{--bg:#0f1115;--card:#171a21;--text:#eef0f4;--muted:#a0a6b4;--border:#2a2f3a;--accent:#818cf8;--accent-text:#0f1115;--error:#fda29b;--warn:#fdb022;--info-bg:#1e2140;--warn-bg:#2b2110;--danger-bg:#2d1614}}
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:flex;flex-direction:column;align-items:center;background:var(--bg);color:var(--text);padding:0 16px}
header{width:100%;max-width:440px;padding:28px 0 0;display:flex;align-items:center;gap:8px;font-weight:700;letter-spacing:-.01em;overflow-wrap:anywhere}
header .dot{width:10px;height:10px;border-radius:50%;background:var(--accent);flex:none}
main{width:100%;max-width:440px;margin:auto 0;padding:28px;border-radius:14px;background:var(--card);border:1px solid var(--border);box-shadow:0 1px 2px rgb(0 0 0/.04),0 8px 24px rgb(0 0 0/.06)}
.icon{display:grid;place-items:center;width:44px;height:44px;border-radius:12px;margin-bottom:16px;background:var(--info-bg);color:var(--accent)}
.icon svg{width:24px;height:24px;fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round;stroke-linejoin:round}
.tone-warn .icon{background:var(--warn-bg);color:var(--warn)}.tone-danger .icon{background:var(--danger-bg);color:var(--error)}
h1{margin:0 0 8px;font-size:1.4rem;line-height:1.25}p{color:var(--muted);line-height:1.55;margin:8px 0;overflow-wrap:anywhere}strong{color:var(--text)}
label{display:block;font-weight:600;margin:16px 0 6px}
input{width:100%;font:inherit;padding:10px 12px;border-radius:10px;border:1px solid var(--border);background:transparent;color:inherit}
button{margin-top:14px;font:inherit;font-weight:600;padding:10px 16px;border-radius:10px;border:0;background:var(--accent);color:var(--accent-text);cursor:pointer}
.error{color:var(--error)}:focus-visible{outline:3px solid var(--accent);outline-offset:2px}a{color:var(--accent)}
footer{width:100%;max-width:440px;padding:20px 0 28px;display:flex;justify-content:space-between;flex-wrap:wrap;gap:8px;font-size:.85rem;color:var(--muted)}
footer a{color:var(--muted)}footer a:hover{color:var(--text)}`;

/** The page's HTML (also sent by server.ts on custom domains, outside Next). */
export function pageDocument(opts: Omit<PageOptions, 'status'>): string {
  const tone = opts.tone ?? 'info';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(opts.title)}</title><meta name="robots" content="noindex"><link rel="icon" href="/favicon.ico">
<style>${STYLE}</style>
</head><body>${opts.host ? `<header><span class="dot" aria-hidden="true"></span><span>${esc(opts.host)}</span></header>` : ''}
<main class="tone-${tone}"><div class="icon" aria-hidden="true"><svg viewBox="0 0 24 24">${ICONS[tone]}</svg></div><h1>${esc(opts.heading)}</h1>${opts.body}</main>
<footer><span>Short link service${opts.host ? ` for ${esc(opts.host)}` : ''}</span>${opts.reportUrl ? `<a href="${esc(opts.reportUrl)}" rel="nofollow">Report this link</a>` : ''}</footer></body></html>`;
}

export { esc as escapeHtml };
