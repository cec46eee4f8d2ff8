// One client for the API, keyed by operation id: `api.call('createLink', { body, as })` builds the
// method and path from the Operation (lib/openapi/operations/, every export named by its id), its
// path parameters, query and body typed from the Operation's zod schemas (their input side). It
// sends a web Request through a transport: the in-process Sling's router (no socket,
// in-process-sling.ts) or fetch to a server's base URL, so a suite can run either way. Answers come
// back as { status, headers, text, bytes, json } (json: the parsed body when it is JSON; its shape is the
// contract suites' subject, not typed here).
//
// Callers: { token } sends Authorization: Bearer; { cookie } sends the session cookie and, on
// anything but GET and HEAD, the app's own Origin (as the dashboard does); { tokenParam } puts
// Variant B's `token` into the JSON body; 'none' sends no credentials. A body that is meant to break
// the schema (the tests of a 400) is passed as offSchema(value), so it reads as deliberate.
import type { z } from 'zod';
import type * as account from '../../lib/openapi/operations/account';
import type * as admin from '../../lib/openapi/operations/admin';
import type * as compat from '../../lib/openapi/operations/compat';
import type * as domainAssets from '../../lib/openapi/operations/domain-assets';
import type * as domains from '../../lib/openapi/operations/domains';
import type * as folders from '../../lib/openapi/operations/folders';
import type * as imports from '../../lib/openapi/operations/imports';
import type * as linkAssets from '../../lib/openapi/operations/link-assets';
import type * as links from '../../lib/openapi/operations/links';
import type * as meta from '../../lib/openapi/operations/meta';
import type * as privacy from '../../lib/openapi/operations/privacy';
import type * as publicForms from '../../lib/openapi/operations/public-forms';
import type * as publicStats from '../../lib/openapi/operations/public-stats';
import type * as sso from '../../lib/openapi/operations/sso';
import type * as stats from '../../lib/openapi/operations/stats';
import type * as tagOps from '../../lib/openapi/operations/tags';
import type * as tokens from '../../lib/openapi/operations/tokens';
import type * as webhooks from '../../lib/openapi/operations/webhooks';
import type * as workspaces from '../../lib/openapi/operations/workspaces';
import { ALL_OPERATIONS } from '../../lib/openapi/registry';
import type { Operation } from '../../lib/http/operation';
import type { InProcessSling } from './in-process-sling';

type Modules = typeof account &
  typeof admin &
  typeof compat &
  typeof domainAssets &
  typeof domains &
  typeof folders &
  typeof imports &
  typeof linkAssets &
  typeof links &
  typeof meta &
  typeof privacy &
  typeof publicForms &
  typeof publicStats &
  typeof sso &
  typeof stats &
  typeof tagOps &
  typeof tokens &
  typeof webhooks &
  typeof workspaces;
/** Every operation's id (each operation module exports its operations under their ids). */
export type OperationId = { [K in keyof Modules]: Modules[K] extends Operation ? K : never }[keyof Modules];
type OpOf<K extends OperationId> = Modules[K];

/** The schema an operation declares for a part, or never when it declares none (the default type). */
type Declared<S> = z.ZodType extends S ? never : S;
type ParamsOf<O> = O extends Operation<infer P, z.ZodType, z.ZodType> ? Declared<P> : never;
type QueryOf<O> = O extends Operation<z.ZodType, infer Q, z.ZodType> ? Declared<Q> : never;
type BodyOf<O> = O extends Operation<z.ZodType, z.ZodType, infer B> ? Declared<B> : never;
type Scalar = string | number | boolean;

const OFF_SCHEMA = Symbol('off-schema');
export interface OffSchema {
  [OFF_SCHEMA]: unknown;
}
/** A body (or query) the schema would refuse, sent as given: for the tests of a 400. */
export const offSchema = (value: unknown): OffSchema => ({ [OFF_SCHEMA]: value });

export type Caller = { token: string } | { cookie: string } | { tokenParam: string } | 'none';

interface CommonOptions<O> {
  query?: ([QueryOf<O>] extends [never] ? never : { [K in keyof z.input<QueryOf<O>>]?: Scalar }) | OffSchema;
  body?: ([BodyOf<O>] extends [never] ? never : z.input<BodyOf<O>>) | OffSchema;
  /** A body that is not JSON (an upload, a form), with its content type. */
  raw?: { type?: string; data: BodyInit };
  /** Who calls; the client's own caller (api.as(...)) when left out. */
  as?: Caller;
  headers?: Record<string, string>;
}
export type CallOptions<O> = ([ParamsOf<O>] extends [never] ? { params?: never } : { params: { [K in keyof z.input<ParamsOf<O>>]: string | number } }) &
  CommonOptions<O>;
type CallArgs<O> = [ParamsOf<O>] extends [never] ? [options?: CallOptions<O>] : [options: CallOptions<O>];

export interface ApiResult {
  status: number;
  headers: Headers;
  text: string;
  /** The body's bytes as they came (an image, a PDF), which `text` would not keep. */
  bytes: Buffer;
  /** The body parsed as JSON (undefined when there is none or it is not JSON). */
  json: any;
}

/** Where requests go: a Request in, its Response out. */
export interface Transport {
  baseUrl: string;
  send(req: Request): Promise<Response>;
}

/** Requests answered by the in-process Sling's router (no socket). */
export const inProcess = (sling: Pick<InProcessSling, 'url' | 'request'>): Transport => ({ baseUrl: sling.url, send: (req) => sling.request(req) });
/** Requests sent over HTTP to a running server. */
export const overHttp = (baseUrl: string): Transport => ({ baseUrl, send: (req) => fetch(req, { redirect: 'manual' }) });

export interface ApiClient {
  readonly baseUrl: string;
  /** Calls an operation by its id. */
  call<K extends OperationId>(id: K, ...args: CallArgs<OpOf<K>>): Promise<ApiResult>;
  /** The same client calling as `caller` by default. */
  as(caller: Caller): ApiClient;
  /** Any path through the same transport (better-auth's /api/auth, requests no Operation describes): the raw Response. */
  fetch(path: string, init?: RequestInit & { as?: Caller }): Promise<Response>;
}

const BY_ID = new Map(ALL_OPERATIONS.map((op) => [op.id, op]));

export function apiClient(transport: Transport, caller: Caller = 'none'): ApiClient {
  const credentials = (who: Caller, method: string, headers: Headers) => {
    if (who === 'none' || 'tokenParam' in who) return;
    if ('token' in who) headers.set('authorization', `Bearer ${who.token}`);
    else {
      headers.set('cookie', who.cookie);
      if (method !== 'GET' && method !== 'HEAD' && !headers.has('origin')) headers.set('origin', transport.baseUrl);
    }
  };

  const rawFetch = (path: string, init: RequestInit & { as?: Caller } = {}) => {
    const { as: who = caller, ...rest } = init;
    const method = (rest.method ?? 'GET').toUpperCase();
    const headers = new Headers(rest.headers);
    credentials(who, method, headers);
    return transport.send(new Request(`${transport.baseUrl}${path}`, { ...rest, method, headers }));
  };

  async function call(id: OperationId, options: CommonOptions<unknown> & { params?: Record<string, string | number> } = {}): Promise<ApiResult> {
    const op = BY_ID.get(id);
    if (!op) throw new Error(`no operation ${id}`);
    const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = options.params?.[name];
      if (value === undefined) throw new Error(`${id}: the path parameter ${name} is missing`);
      return encodeURIComponent(String(value));
    });
    const search = new URLSearchParams();
    if (op.action) search.set('action', op.action);
    const query = options.query && OFF_SCHEMA in options.query ? options.query[OFF_SCHEMA] : options.query;
    for (const [k, v] of Object.entries((query ?? {}) as Record<string, Scalar | undefined>)) if (v !== undefined) search.set(k, String(v));
    const who = options.as ?? caller;
    const headers = new Headers(options.headers);
    let body: BodyInit | undefined;
    if (options.raw) {
      if (options.raw.type !== undefined) headers.set('content-type', options.raw.type);
      body = options.raw.data;
    } else {
      let value = options.body && typeof options.body === 'object' && OFF_SCHEMA in options.body ? (options.body as OffSchema)[OFF_SCHEMA] : options.body;
      if (who !== 'none' && typeof who === 'object' && 'tokenParam' in who) value = { ...(value as object), token: who.tokenParam };
      if (value !== undefined) {
        if (!headers.has('content-type')) headers.set('content-type', 'application/json');
        body = JSON.stringify(value);
      }
    }
    const qs = search.toString();
    const res = await rawFetch(`${path}${qs ? `?${qs}` : ''}`, { method: op.method, headers, body, as: who });
    const bytes = Buffer.from(await res.arrayBuffer());
    const text = new TextDecoder().decode(bytes); // as res.text() decodes (UTF-8, a BOM dropped)
    let json: unknown;
    if (/\bjson\b/i.test(res.headers.get('content-type') ?? '') && text !== '') json = JSON.parse(text);
    return { status: res.status, headers: res.headers, text, bytes, json };
  }

  return {
    baseUrl: transport.baseUrl,
    call: call as ApiClient['call'],
    as: (other) => apiClient(transport, other),
    fetch: rawFetch,
  };
}
