// The link pages (password prompt, expired, disabled, loop, the safety warnings) sent by the edge
// itself from the cached link: no Next, no database. The POSTs (password, "continue anyway") and
// direct /l/<page>/<code> visits go to the link pages' route (Next's, or link-page-dispatch.ts where
// Next does not run); all send the same content (page-content.ts).
import type { ServerResponse } from 'node:http';
import type { CachedLink } from '../edge/cached-link';
import type { LinkPage } from '../edge/decide-outcome';
import { contextOf, PAGE_CONTENT, type Brand } from './page-content';
import { pageDocument } from './page-html';
import { answerAppPage, type AppOutcome } from './app-page';

export interface EdgePagesOptions {
  /** Every page's headers (lib/http/security-headers.ts linkPageHeaders). */
  headers: Record<string, string>;
  /** The short domain's name and the report address for `code` on the domain of `domainId`. */
  brand: (domainId: number, code: string) => Brand;
}

/** Sends `page` for a link; `query` is the visit's (QR marker included), carried by the pages' forms. */
export type EdgePageResponder = (
  res: ServerResponse,
  page: LinkPage,
  entry: Extract<CachedLink, { kind: 'link' }>,
  code: string,
  query: string,
  domainId: number,
  now: number,
) => void;

export function edgeLinkPages(opts: EdgePagesOptions): EdgePageResponder {
  return (res, page, entry, code, query, domainId, now) => {
    const content = PAGE_CONTENT[page](code, query, contextOf(entry, now, opts.brand(domainId, code)));
    const html = pageDocument(content);
    res.writeHead(content.status, { ...opts.headers, 'Content-Length': String(Buffer.byteLength(html)) });
    res.end(html);
  };
}

/** Sends the app page (app-page.ts) for a visit whose destination is an app link. */
export type EdgeAppPageResponder = (res: ServerResponse, outcome: AppOutcome, code: string, domainId: number) => void;

export function edgeAppPage(opts: EdgePagesOptions): EdgeAppPageResponder {
  return (res, outcome, code, domainId) => answerAppPage(res, outcome, opts.headers, opts.brand(domainId, code));
}
