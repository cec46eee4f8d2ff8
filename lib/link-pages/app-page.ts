// The app page: what a visitor gets when their destination is an app link (myapp://product/42, from
// ios_url, android_url or a rule). A redirect to an app that is not installed leaves the visitor on
// an error ("Safari cannot open the page"), so the page tries the app itself and, when the page is
// still showing a moment later (no app took over), moves on to the fallback: the platform's
// ios_fallback_url / android_fallback_url (the store page, typically), else the link's url. Both are
// also buttons. docs/guide/smart-links.md, "Deep links into apps".
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Outcome } from '../edge/decide-outcome';
import type { Brand } from './page-content';
import { escapeHtml, pageDocument } from './page-html';

/** How long the page waits for the app to take over before it moves on to the fallback. */
export const APP_WAIT_MS = 2500;

// One script for every page (its hash is in the policy): it reads the two addresses from the links.
const SCRIPT = `(function(){var a=document.getElementById('open-app'),f=document.getElementById('fallback'),left=false;
function away(){left=true}document.addEventListener('visibilitychange',function(){if(document.hidden)away()});window.addEventListener('pagehide',away);window.addEventListener('blur',away);
if(a)window.location.href=a.href;
if(f)setTimeout(function(){if(!left&&!document.hidden)window.location.replace(f.href)},${APP_WAIT_MS});})();`;
const SCRIPT_HASH = `'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`;

export type AppOutcome = Extract<Outcome, { kind: 'app' }>;

/** The page's HTML: the app link and the fallback as buttons, and the script that tries one then the other. */
export function appPageDocument(outcome: Pick<AppOutcome, 'location' | 'fallback'>, brand: Brand = {}): string {
  const fallback = outcome.fallback
    ? `<p><a id="fallback" class="secondary" href="${escapeHtml(outcome.fallback)}" rel="nofollow">Continue without the app</a></p>`
    : '';
  const body = `<p>If nothing happens, the app may not be installed on this device.</p>
<p><a id="open-app" class="button" href="${escapeHtml(outcome.location)}" rel="nofollow">Open the app</a></p>${fallback}
<script>${SCRIPT}</script>`;
  return pageDocument({ title: 'Opening the app', heading: 'Opening the app', body, ...brand }).replace('</style>', `${STYLE}</style>`);
}

const STYLE = `.button{display:inline-block;margin-top:8px;font-weight:600;padding:10px 16px;border-radius:10px;background:var(--accent);color:var(--accent-text);text-decoration:none}
.secondary{font-weight:600}`;

/** The link pages' headers with a policy that runs this page's one script and nothing else. */
export function appPageHeaders(base: Record<string, string>): Record<string, string> {
  const policy = `default-src 'none'; script-src ${SCRIPT_HASH}; style-src 'unsafe-inline'; font-src 'self'; img-src 'self'; base-uri 'none'; frame-ancestors 'none'`;
  return { ...base, 'Content-Security-Policy': policy, 'Cache-Control': 'no-store' };
}

/** Sends the page (200; the A/B test's cookie with it when the visit drew a variant). */
export function answerAppPage(res: ServerResponse, outcome: AppOutcome, headers: Record<string, string>, brand?: Brand): void {
  const html = appPageDocument(outcome, brand);
  res.writeHead(200, {
    ...appPageHeaders(headers),
    'Content-Length': String(Buffer.byteLength(html)),
    ...(outcome.cookie === undefined ? {} : { 'Set-Cookie': outcome.cookie }),
  });
  res.end(html);
}

/** The same page as a web Response (the link pages' route: after a password or "continue anyway"). */
export function appPageResponse(outcome: AppOutcome, headers: Record<string, string>, brand?: Brand): Response {
  const res = new Response(appPageDocument(outcome, brand), { status: 200, headers: appPageHeaders(headers) });
  if (outcome.cookie !== undefined) res.headers.append('set-cookie', outcome.cookie);
  return res;
}
