// The dashboard's JSON calls to Sling's own APIs (same origin, session cookie). A refused call
// throws ApiError with the API's message and per-field details, so forms can show them inline.
export class ApiError extends Error {
  constructor(
    message: string,
    readonly details: Record<string, string> = {},
  ) {
    super(message);
  }
}

export async function apiJson<T = unknown>(path: string, init: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  const hasBody = init.body !== undefined;
  const res = await fetch(path, {
    method: init.method ?? 'GET',
    headers: hasBody ? { 'content-type': 'application/json' } : undefined,
    body: hasBody ? JSON.stringify(init.body) : undefined,
    signal: init.signal,
  });
  // An answer whose body cannot be read (the call was aborted mid-body, or it is not JSON) is a
  // failure when the status says success: resolving null would hand callers "no data" as data.
  const body =
    res.status === 204
      ? null
      : await res.json().catch((err: unknown) => {
          if (res.ok) throw err;
          return null;
        });
  if (!res.ok) throw new ApiError(body?.error?.message ?? `The server answered ${res.status}.`, body?.error?.details);
  return body as T;
}
