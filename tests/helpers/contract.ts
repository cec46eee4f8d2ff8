// The contract tests' shared client: calls Sling through an API client's transport (in process or
// over HTTP, tests/helpers/api-client.ts), checks each answer against the OpenAPI
// document it serves (status declared, body valid by ajv, content type, required headers), and
// records which statuses each operation was seen answering. `sweepCommonErrors` provokes, for every
// operation of a set, the statuses any route can give (401, 403, 413, 415, 429) where it declares
// them; `uncovered` lists each operation's declared statuses not seen yet. 500 and 503 (declared on
// every route: a bug, or the database away) cannot be caused from outside on purpose, so they are
// not asked for.
import { EXPLICIT_ONLY_SCOPES, PERMISSIONS } from '../../lib/tenancy/permissions';
import Ajv2020 from 'ajv/dist/2020';
import { expect } from 'vitest';
import { ALL_OPERATIONS } from '../../lib/openapi/registry';
import type { Operation } from '../../lib/http/operation';
import type { ApiClient, Caller } from './api-client';

type Json = Record<string, unknown>;
type DocOperation = { operationId: string; responses: Record<string, { content?: Record<string, { schema: Json }>; headers?: Json }> };
export type OpenApiDoc = { paths: Record<string, Record<string, DocOperation>>; components: Json };

/** How a call authenticates: the context's token or session, none, or given headers. */
export type CallAuth = 'token' | 'cookie' | 'none' | { bearer: string } | { cookie: string };

export interface CallInit {
  query?: string;
  body?: unknown;
  /** A body sent as is (with its own content type; FormData: multipart, typed by fetch), instead of JSON. */
  rawBody?: { data: string | Blob | ArrayBuffer | FormData; type?: string };
  auth?: CallAuth;
  values?: Record<string, string | number>;
  /** Extra request headers (a foreign Origin for a cross-site 403, If-None-Match). */
  headers?: Record<string, string>;
  /** A success that streams without end (server-sent events): only its first chunk is read, then it is closed. */
  firstChunkOnly?: boolean;
}

const NOT_ASKED = new Set([500, 503]);

export class ContractClient {
  readonly seen = new Map<string, Set<number>>();
  private readonly ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });

  constructor(
    readonly api: ApiClient,
    readonly doc: OpenApiDoc,
    readonly token: string,
    readonly cookie: string,
  ) {}

  static async connect(api: ApiClient, token: string, cookie: string): Promise<ContractClient> {
    const res = await api.fetch('/api/v1/openapi.json', { as: 'none' });
    expect(res.status).toBe(200);
    return new ContractClient(api, (await res.json()) as OpenApiDoc, token, cookie);
  }

  /** The caller `auth` names; a session sends the app's Origin, as the dashboard does. */
  private callerFor(auth: CallAuth): { as: Caller; headers: Record<string, string> } {
    const origin = { origin: this.api.baseUrl };
    if (auth === 'token') return { as: { token: this.token }, headers: {} };
    if (auth === 'cookie') return { as: { cookie: this.cookie }, headers: origin };
    if (auth === 'none') return { as: 'none', headers: {} };
    return 'bearer' in auth ? { as: { token: auth.bearer }, headers: {} } : { as: { cookie: auth.cookie }, headers: origin };
  }

  /** Calls `method template` (a path of the document, `values` filling its parameters) and checks the answer against the document. */
  async call(method: string, template: string, init: CallInit = {}): Promise<{ status: number; body: unknown; headers: Headers }> {
    const path = template.replace(/\{(\w+)\}/g, (_, k) => encodeURIComponent(String(init.values?.[k])));
    const caller = this.callerFor(init.auth ?? 'token');
    const headers: Record<string, string> = { ...caller.headers, ...init.headers };
    let body: string | Blob | ArrayBuffer | FormData | undefined;
    if (init.rawBody) {
      if (init.rawBody.type !== undefined) headers['content-type'] = init.rawBody.type;
      body = init.rawBody.data;
    } else if (init.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.body);
    }
    const res = await this.api.fetch(`${path}${init.query ? `?${init.query}` : ''}`, { method, headers, body, as: caller.as });
    const op = this.doc.paths[template]?.[method.toLowerCase()];
    expect(op, `${method} ${template} is in the document`).toBeDefined();
    const text = init.firstChunkOnly && res.ok ? await firstChunk(res) : await res.text();
    const declared = op.responses[String(res.status)];
    expect(declared, `${op.operationId}: status ${res.status} is declared (${text.slice(0, 300)})`).toBeDefined();
    this.seen.set(op.operationId, (this.seen.get(op.operationId) ?? new Set()).add(res.status));
    const type = (res.headers.get('content-type') ?? '').split(';')[0];
    if (declared.content) {
      expect(Object.keys(declared.content), `${op.operationId} ${res.status}: content type`).toContain(type);
      const schema = declared.content['application/json']?.schema;
      if (type === 'application/json' && schema) {
        const validate = this.ajv.compile({ ...schema, components: this.doc.components });
        expect(validate(JSON.parse(text)) ? [] : validate.errors, `${op.operationId} ${res.status}: body matches the schema`).toEqual([]);
      }
    } else expect(text, `${op.operationId} ${res.status}: no body`).toBe('');
    for (const [name, header] of Object.entries(declared.headers ?? {})) {
      if ((header as { required?: boolean }).required) expect(res.headers.get(name), `${op.operationId} ${res.status}: header ${name}`).not.toBeNull();
    }
    return { status: res.status, body: type === 'application/json' && text ? JSON.parse(text) : text, headers: res.headers };
  }

  /** The document's operations whose tag is one of `tags`. */
  operations(tags: readonly string[]): Array<{ method: string; path: string; op: DocOperation; tag: string }> {
    return Object.entries(this.doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .map(([method, op]) => ({ method: method.toUpperCase(), path, op, tag: String((op as { tags?: string[] }).tags?.[0]) }))
        .filter((o) => tags.includes(o.tag)),
    );
  }

  /** Each operation with a tag of `tags`, with the declared statuses it was never seen answering. */
  uncovered(tags: readonly string[]): string[] {
    return this.operations(tags).flatMap(({ method, path, op }) => {
      const missing = Object.keys(op.responses)
        .map(Number)
        .filter((s) => !NOT_ASKED.has(s) && !this.seen.get(op.operationId)?.has(s));
      return missing.length ? [`${method} ${path} (${op.operationId}): ${missing.join(', ')}`] : [];
    });
  }
}

async function firstChunk(res: Response): Promise<string> {
  const reader = res.body!.getReader();
  const { value } = await reader.read();
  await reader.cancel();
  return new TextDecoder().decode(value);
}

/** Path parameters that pass any parameter schema of the document (ids are numbers or strings). */
const PLACEHOLDER = 1;

function registryOperation(method: string, path: string): Operation | undefined {
  return ALL_OPERATIONS.find((o) => o.method === method && o.path === path);
}

export interface SweepTokens {
  /** Tokens with one read scope each (e.g. links:read and webhooks:read): every operation that declares 403 refuses one of them; none for a tag whose operations declare no 403. */
  narrow: readonly string[];
}

/**
 * For every operation of `tags`: 401 without credentials, 403 with a token it does not admit, 413
 * with a body over its limit (JSON, or a binary upload's bytes) and 415 with a body that is not JSON
 * (an upload's 415 needs a real resource, so its own test asks for it) — each where the operation
 * declares it. Writes never happen: each call is refused before the handler runs.
 */
export async function sweepCommonErrors(client: ContractClient, tags: readonly string[], tokens: SweepTokens): Promise<void> {
  for (const { method, path, op } of client.operations(tags)) {
    const declared = (s: number) => String(s) in op.responses;
    const values = Object.fromEntries([...path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1], PLACEHOLDER]));
    const reg = registryOperation(method, path);
    const tokenParam = reg?.auth.includes('token_param');
    if (declared(401)) await client.call(method, path, { values, auth: 'none', ...(reg?.body && !tokenParam ? { body: {} } : {}) });
    if (declared(403) && !tokenParam) {
      for (const narrow of tokens.narrow) if ((await client.call(method, path, { values, auth: { bearer: narrow } })).status === 403) break;
    }
    if (!reg?.body && !reg?.upload) continue;
    // The suite's token has the default scopes: a route needing one a token has only when named (tokens:*) is called with the session.
    const scope = reg.permission ? PERMISSIONS[reg.permission].scope : null;
    const auth: CallAuth = reg.auth.includes('bearer') && !(scope && EXPLICIT_ONLY_SCOPES.includes(scope)) ? 'token' : 'cookie';
    if (declared(413)) {
      // A binary upload: one byte over its limit, in its first content type.
      const big = reg.upload
        ? { data: new Blob([new Uint8Array(reg.upload.maxBytes + 1)]), type: reg.upload.contentTypes[0] }
        : { data: JSON.stringify({ padding: 'x'.repeat((reg.maxBodyBytes ?? 64 * 1024) + 1) }), type: 'application/json' };
      await client.call(method, path, { values, auth, rawBody: big });
    }
    if (declared(415)) await client.call(method, path, { values, auth, rawBody: { data: 'a=1', type: 'text/plain' } });
  }
}

/**
 * 429 for every rate-limited operation of `tags`: `spend` uses up the window of a workspace on a
 * small plan, then each operation is called once more with the same credentials.
 */
export async function sweepRateLimits(
  client: ContractClient,
  tags: readonly string[],
  limited: { bearer: string; cookie: string },
  spend: () => Promise<void>,
): Promise<void> {
  await spend();
  for (const { method, path, op } of client.operations(tags)) {
    if (!('429' in op.responses)) continue;
    const reg = registryOperation(method, path);
    const values = Object.fromEntries([...path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1], PLACEHOLDER]));
    if (reg?.auth.includes('token_param')) await client.call(method, path, { values, auth: 'none', body: { token: limited.bearer } });
    else if (reg?.auth.includes('bearer')) await client.call(method, path, { values, auth: { bearer: limited.bearer } });
    else await client.call(method, path, { values, auth: { cookie: limited.cookie } });
  }
}

/** Spends a free workspace's hourly windows: the token's (100/h) and the session's (1,000/h), twenty calls at a time. */
export async function spendWindows(api: ApiClient, bearer: string, cookie: string): Promise<void> {
  const spend = async (n: number, as: Caller) => {
    for (let i = 0; i < n; i += 20) await Promise.all(Array.from({ length: Math.min(20, n - i) }, () => api.call('listLinks', { as })));
  };
  await spend(101, { token: bearer });
  await spend(1001, { cookie });
}
