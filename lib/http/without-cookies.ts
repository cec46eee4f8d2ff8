// No Sling cookie is set on a custom domain (docs/self-hosting/custom-domains.md): an answer passed to Next there (the link
// pages) keeps only the signed, HttpOnly unlock cookie of a password-protected link (scoped to that
// link, useless elsewhere); any other Set-Cookie is dropped, whichever way Next writes it.
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { UNLOCK_COOKIE_PREFIX } from '../links/unlock-cookie';

type HeaderValue = number | string | readonly string[];

const isCookie = (name: unknown) => typeof name === 'string' && name.toLowerCase() === 'set-cookie';

/** The cookies of `value` that may be set on a custom domain; undefined when none. */
function allowed(value: HeaderValue | undefined): string[] | undefined {
  const kept = (Array.isArray(value) ? value : [value]).filter((c): c is string => typeof c === 'string' && c.startsWith(UNLOCK_COOKIE_PREFIX));
  return kept.length > 0 ? kept : undefined;
}

export function withoutCookies(res: ServerResponse): void {
  const setHeader = res.setHeader;
  res.setHeader = function (this: ServerResponse, name: string, value: HeaderValue) {
    if (!isCookie(name)) return setHeader.call(this, name, value);
    const kept = allowed(value);
    return kept ? setHeader.call(this, name, kept) : this;
  } as ServerResponse['setHeader'];
  const appendHeader = res.appendHeader;
  res.appendHeader = function (this: ServerResponse, name: string, value: string | readonly string[]) {
    if (!isCookie(name)) return appendHeader.call(this, name, value);
    const kept = allowed(value);
    return kept ? appendHeader.call(this, name, kept) : this;
  } as ServerResponse['appendHeader'];
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    const last = rest[rest.length - 1];
    if (Array.isArray(last)) {
      const kept: unknown[] = [];
      // A flat [name, value, name, value] list, or [[name, value], …].
      if (Array.isArray(last[0])) kept.push(...last.filter((pair) => !isCookie(pair[0]) || allowed(pair[1])));
      else for (let i = 0; i < last.length; i += 2) if (!isCookie(last[i]) || allowed(last[i + 1])) kept.push(last[i], last[i + 1]);
      rest[rest.length - 1] = kept;
    } else if (last !== null && typeof last === 'object') {
      const headers: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(last as OutgoingHttpHeaders)) {
        if (!isCookie(name)) headers[name] = value;
        else if (allowed(value)) headers[name] = allowed(value);
      }
      rest[rest.length - 1] = headers;
    }
    return (writeHead as (...args: unknown[]) => ServerResponse).call(this, status, ...rest);
  } as ServerResponse['writeHead'];
}
