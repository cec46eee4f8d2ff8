// The links page's view (search words, status and tag filters, archived shown or not, sort, page) as
// it is kept in the address bar, so a reload or a shared URL shows the same list:
// /links?q=shop&status=active&tag=spring&archived=1&sort=clicks-desc&page=2.

export const PAGE_SIZE = 20;
export const SORTS = {
  'created-desc': 'Newest first',
  'created-asc': 'Oldest first',
  'clicks-desc': 'Most clicks',
  'clicks-asc': 'Fewest clicks',
  'code-asc': 'Short link A–Z',
  'code-desc': 'Short link Z–A',
  'destination-asc': 'Destination A–Z',
  'destination-desc': 'Destination Z–A',
} as const;
export const STATUSES = {
  '': 'All',
  active: 'Active',
  expired: 'Expired',
  protected: 'Password-protected',
  disabled: 'Disabled',
} as const;
export type SortKey = keyof typeof SORTS;
export type StatusKey = keyof typeof STATUSES;

export interface LinksView {
  q: string;
  status: StatusKey;
  /** One tag ('' for any). */
  tag: string;
  /** One folder's id, or 'none' for the links in no folder ('' for any). */
  folder: string;
  /** One domain's id ('' for any). */
  domain: string;
  /** Archived links shown too. */
  archived: boolean;
  sort: SortKey;
  /** 1-based. */
  page: number;
}

export const DEFAULT_VIEW: LinksView = { q: '', status: '', tag: '', folder: '', domain: '', archived: false, sort: 'created-desc', page: 1 };

type Query = Record<string, string | string[] | undefined>;

/** The view a query string asks for; anything unknown falls back to the default. */
export function parseLinksView(query: Query): LinksView {
  const one = (key: string) => {
    const v = query[key];
    return typeof v === 'string' ? v : '';
  };
  const page = Number.parseInt(one('page'), 10);
  return {
    q: one('q').trim().slice(0, 200),
    status: Object.hasOwn(STATUSES, one('status')) ? (one('status') as StatusKey) : '',
    tag: one('tag').trim().toLowerCase().slice(0, 32),
    folder: /^(none|fld_[0-9a-f]{24})$/.test(one('folder')) ? one('folder') : '',
    domain: /^\d{1,15}$/.test(one('domain')) ? one('domain') : '',
    archived: one('archived') === '1',
    sort: Object.hasOwn(SORTS, one('sort')) ? (one('sort') as SortKey) : 'created-desc',
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
  };
}

/** The query string for a view, leaving defaults out ("" for the default view). */
export function linksViewQuery(view: LinksView): string {
  const params = new URLSearchParams();
  if (view.q) params.set('q', view.q);
  if (view.status) params.set('status', view.status);
  if (view.tag) params.set('tag', view.tag);
  if (view.folder) params.set('folder', view.folder);
  if (view.domain) params.set('domain', view.domain);
  if (view.archived) params.set('archived', '1');
  if (view.sort !== DEFAULT_VIEW.sort) params.set('sort', view.sort);
  if (view.page > 1) params.set('page', String(view.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}
