// No Sling cookie is ever set on a custom domain (DESIGN §8): an answer passed to Next there (the
// link pages) has any Set-Cookie dropped, whichever way Next writes it.
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

const isCookie = (name: unknown) => typeof name === 'string' && name.toLowerCase() === 'set-cookie';

export function withoutCookies(res: ServerResponse): void {
  const setHeader = res.setHeader;
  res.setHeader = function (this: ServerResponse, name: string, value: number | string | readonly string[]) {
    return isCookie(name) ? this : setHeader.call(this, name, value);
  } as ServerResponse['setHeader'];
  const appendHeader = res.appendHeader;
  res.appendHeader = function (this: ServerResponse, name: string, value: string | readonly string[]) {
    return isCookie(name) ? this : appendHeader.call(this, name, value);
  } as ServerResponse['appendHeader'];
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    const last = rest[rest.length - 1];
    if (Array.isArray(last)) {
      const kept: unknown[] = [];
      // A flat [name, value, name, value] list, or [[name, value], …].
      if (Array.isArray(last[0])) kept.push(...last.filter((pair) => !isCookie(pair[0])));
      else for (let i = 0; i < last.length; i += 2) if (!isCookie(last[i])) kept.push(last[i], last[i + 1]);
      rest[rest.length - 1] = kept;
    } else if (last !== null && typeof last === 'object') {
      rest[rest.length - 1] = Object.fromEntries(Object.entries(last as OutgoingHttpHeaders).filter(([name]) => !isCookie(name)));
    }
    return (writeHead as (...args: unknown[]) => ServerResponse).call(this, status, ...rest);
  } as ServerResponse['writeHead'];
}
