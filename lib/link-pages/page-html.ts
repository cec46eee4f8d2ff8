// The small standalone pages visitors of a short link may see (no app chrome, no scripts).
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface PageOptions {
  title: string;
  heading: string;
  /** HTML, already escaped. */
  body: string;
  status: number;
}

export function pageHtml(opts: PageOptions): Response {
  return new Response(pageDocument(opts), {
    status: opts.status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-robots-tag': 'noindex' },
  });
}

/** The page's HTML (also sent by server.ts on custom domains, outside Next). */
export function pageDocument(opts: Omit<PageOptions, 'status'>): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(opts.title)}</title><meta name="robots" content="noindex">
<style>:root{color-scheme:light dark;font-family:ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f7f7f8;color:#16181d}
main{max-width:420px;margin:24px;padding:28px;border-radius:14px;background:#fff;border:1px solid #dfe1e6;box-shadow:0 8px 24px rgb(0 0 0/.06)}
h1{margin:0 0 8px;font-size:1.5rem}p{color:#5c6270;line-height:1.5}label{display:block;font-weight:600;margin:16px 0 6px}
input{box-sizing:border-box;width:100%;font:inherit;padding:10px 12px;border-radius:10px;border:1px solid #dfe1e6}
button{margin-top:14px;font:inherit;font-weight:600;padding:10px 16px;border-radius:10px;border:0;background:#4f46e5;color:#fff;cursor:pointer}
.error{color:#b42318}:focus-visible{outline:3px solid #4f46e5;outline-offset:2px}
@media (prefers-color-scheme:dark){body{background:#0f1115;color:#eef0f4}main{background:#171a21;border-color:#2a2f3a}p{color:#a0a6b4}input{background:transparent;color:inherit;border-color:#2a2f3a}.error{color:#fda29b}}</style>
</head><body><main><h1>${esc(opts.heading)}</h1>${opts.body}</main></body></html>`;
}

export { esc as escapeHtml };
