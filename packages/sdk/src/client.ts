// The client: builds each operation's request from the generated table, sends it with the token,
// waits and tries again on 429 and 503 as Retry-After says, and turns failures into SlingError.
import { errorFromAnswer, SlingError } from './errors.js';
import { Operations } from './generated/methods.js';
import { OPERATIONS, type OperationId } from './generated/operations.js';
import type { Answer, ItemOf, PagedOperationId, RawBody, RequestOptions } from './types.js';

export const SDK_VERSION = '0.1.0';

export interface SlingOptions {
  /** Where Sling runs, e.g. https://sling.example.com (a path prefix is kept). */
  baseUrl: string;
  /** An API token (Settings → API tokens). Left out, only public operations can be called. */
  token?: string;
  /** Tries after a 429 or 503 before giving up (default 2). */
  maxRetries?: number;
  /** The longest Retry-After to wait for, in milliseconds (default 60,000); a longer one is thrown at once. */
  maxRetryDelayMs?: number;
  /** Another fetch (a proxy agent, a test's); the global fetch by default. */
  fetch?: typeof fetch;
  /** Headers sent with every call. */
  headers?: Record<string, string>;
}

type AnyOptions = {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

export class Sling extends Operations {
  readonly baseUrl: string;
  readonly #token: string | undefined;
  readonly #fetch: typeof fetch;
  readonly #maxRetries: number;
  readonly #maxRetryDelayMs: number;
  readonly #headers: Record<string, string>;

  constructor(options: SlingOptions) {
    super();
    if (!options.baseUrl) throw new TypeError('Sling: baseUrl is required (e.g. https://sling.example.com).');
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.#token = options.token;
    this.#fetch = options.fetch ?? globalThis.fetch;
    this.#maxRetries = options.maxRetries ?? 2;
    this.#maxRetryDelayMs = options.maxRetryDelayMs ?? 60_000;
    this.#headers = options.headers ?? {};
  }

  /** Calls an operation by its id; the same as the method of that name. */
  async request<Id extends OperationId>(id: Id, options?: RequestOptions<Id>): Promise<Answer<Id>> {
    const spec = OPERATIONS[id];
    if (spec === undefined) throw new TypeError(`Sling: no operation "${String(id)}".`);
    const o = (options ?? {}) as AnyOptions;
    const url = this.baseUrl + fillPath(spec.path, o.params) + queryString(o.query);
    const headers: Record<string, string> = { accept: 'application/json', ...this.#headers, ...o.headers };
    if (this.#token !== undefined) headers.authorization = `Bearer ${this.#token}`;
    let body: BodyInit | undefined;
    if (spec.body === 'json' && o.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(o.body);
    } else if (spec.body === 'raw') {
      if (o.body === undefined || !o.contentType) throw new TypeError(`Sling: ${id} sends bytes: give body and contentType.`);
      headers['content-type'] = o.contentType;
      body = rawBody(o.body as RawBody);
    }
    for (let attempt = 0; ; attempt++) {
      const res = await this.#fetch(url, { method: spec.method, headers, body, signal: o.signal });
      if (res.ok) return (await readAnswer(res)) as Answer<Id>;
      const text = await res.text();
      const wait = attempt < this.#maxRetries && (res.status === 429 || res.status === 503) ? retryDelay(res.headers.get('retry-after')) : undefined;
      if (wait === undefined || wait > this.#maxRetryDelayMs) throw errorFromAnswer(res.status, res.headers, text);
      await sleep(wait, o.signal);
    }
  }

  /**
   * Every item of a paged list, page after page: `for await (const link of sling.paginate('listLinks'))`.
   * Follows the list's own paging (offset and total, next_cursor, or `before` the last item's id).
   */
  async *paginate<Id extends PagedOperationId>(id: Id, options?: RequestOptions<Id>): AsyncGenerator<ItemOf<Id>, void, undefined> {
    const base = (options ?? {}) as AnyOptions;
    let query: Record<string, unknown> = { ...base.query };
    for (;;) {
      const page = (await this.request(id, { ...base, query } as unknown as RequestOptions<Id>)) as unknown as Record<string, unknown>;
      const items = Object.values(page).find(Array.isArray) as ItemOf<Id>[] | undefined;
      if (!items || items.length === 0) return;
      yield* items;
      if (typeof page.total === 'number' && typeof page.offset === 'number') {
        const next = page.offset + items.length;
        if (next >= page.total) return;
        query = { ...query, offset: next };
      } else if ('next_cursor' in page) {
        if (typeof page.next_cursor !== 'string' || page.next_cursor === '') return;
        query = { ...query, cursor: page.next_cursor };
      } else {
        const last = items[items.length - 1] as { id?: unknown };
        if (last.id === undefined) return;
        query = { ...query, before: String(last.id) };
      }
    }
  }
}

function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new TypeError(`Sling: the path parameter "${name}" is required.`);
    return encodeURIComponent(String(value));
  });
}

function queryString(query: Record<string, unknown> = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const v of Array.isArray(value) ? value : [value]) search.append(name, String(v));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

function rawBody(body: RawBody): BodyInit {
  if (body instanceof Uint8Array) return new Blob([body as Uint8Array<ArrayBuffer>]);
  return body;
}

async function readAnswer(res: Response): Promise<unknown> {
  if (res.status === 204 || res.status === 205) return undefined;
  const type = res.headers.get('content-type') ?? '';
  if (/^application\/([\w.-]+\+)?json\b/i.test(type)) {
    const text = await res.text();
    return text === '' ? undefined : JSON.parse(text);
  }
  return res.blob();
}

/** Retry-After in milliseconds (seconds or an HTTP date); 1 s when the answer gives none. */
export function retryDelay(header: string | null, now = Date.now()): number {
  if (header === null || header.trim() === '') return 1_000;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1_000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? 1_000 : Math.max(0, at - now);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

export { SlingError };
