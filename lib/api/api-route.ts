// One route of the API: a method and a path served by a handler. Sling's own routes come from the
// Operations their handlers carry (method, path, body limit), so a route is declared once, in its
// Operation; better-auth's and SCIM's routes, which follow their own protocols, are declared here.
import { operationsOf, type Operation } from '../http/operation';
import { MAX_BODY_BYTES } from '../http/read-json-body';

export type RouteParams = Record<string, string>;
/** The handler shape every wrapper (withWorkspace, withAdmin, withScim, handleRoute) returns. */
export type RouteHandler = (req: Request, context: { params: Promise<RouteParams> }) => Promise<Response>;

export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRoute {
  method: RouteMethod;
  /** OpenAPI style: /api/v1/links/{id}; a last `{...rest}` takes the rest of the path. */
  path: string;
  handler: RouteHandler;
  /** The most body bytes the route reads (its operations' own limits, else 64 KiB). */
  bodyLimit: number;
  /**
   * The body is read (up to bodyLimit) before the handler runs: for handlers that read bodies
   * themselves without a limit of their own (better-auth's). Only for routes anyone may call.
   */
  readBodyFirst?: boolean;
  /** Refusals answered by the router itself in SCIM's error shape (RFC 7644 §3.12). */
  scim?: boolean;
  operations: readonly Operation[];
}

/** The routes a handler serves: one per method and path of the operations it carries. */
export function routesOf(handler: RouteHandler): ApiRoute[] {
  const byKey = new Map<string, ApiRoute>();
  for (const op of operationsOf(handler)) {
    const key = `${op.method} ${op.path}`;
    const route = byKey.get(key) ?? { method: op.method, path: op.path, handler, bodyLimit: 0, operations: [] };
    byKey.set(key, { ...route, bodyLimit: Math.max(route.bodyLimit, bodyLimitOf(op)), operations: [...route.operations, op] });
  }
  if (byKey.size === 0) throw new Error('routesOf: the handler carries no operation (wrap it with operationHandler or publicHandler)');
  return [...byKey.values()];
}

/** A route of a protocol that is not Sling's own API (better-auth, SCIM): not in the OpenAPI document. */
export function protocolRoutes(
  methods: readonly RouteMethod[],
  path: string,
  handler: RouteHandler,
  opts: Pick<ApiRoute, 'readBodyFirst' | 'scim'> = {},
): ApiRoute[] {
  return methods.map((method) => ({ method, path, handler, bodyLimit: MAX_BODY_BYTES, operations: [], ...opts }));
}

function bodyLimitOf(op: Operation): number {
  if (op.upload) return op.upload.maxBytes;
  return op.maxBodyBytes ?? MAX_BODY_BYTES;
}
