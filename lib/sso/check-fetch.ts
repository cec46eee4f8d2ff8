// The requests "Test connection" makes to an identity provider: https only (http too with
// SSO_ALLOW_PRIVATE_ISSUERS), public addresses only unless SSO_ALLOW_PRIVATE_ISSUERS, checked as the
// connection is made, so the address checked is the one connected to (checked-lookup.ts, as the
// deep scan, webhooks and favicons do: no DNS rebinding between a check and the request), redirects
// not followed, answers read up to 256 KiB within the time limit. Each refusal is a CheckFailed
// whose message the check shows.
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { checkedLookup, isAllowedAddress, PrivateAddressError, type AllowPrivate, type Resolve } from '../safety/checked-lookup';

export interface TestOptions {
  /** SSO_ALLOW_PRIVATE_ISSUERS, as lib/safety/private-allowance.ts reads it (true, false, or the addresses allowed). */
  allowPrivate: AllowPrivate;
  timeoutMs?: number;
  /** Name resolution; the process's lookup (lib/safety/name-lookup.ts) unless a caller supplies its own. */
  resolve?: Resolve;
}

export interface CheckRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

const MAX_BYTES = 256 * 1024;

export class CheckFailed extends Error {}

export async function fetchChecked(url: string, opts: TestOptions, init: CheckRequest = {}): Promise<{ status: number; text: string }> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new CheckFailed(`"${url}" is not a URL.`);
  }
  if (parsed.protocol !== 'https:' && !(opts.allowPrivate && parsed.protocol === 'http:')) throw new CheckFailed(`${url} must use https.`);
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !isAllowedAddress(host, opts.allowPrivate)) {
    throw new CheckFailed(`${parsed.hostname} cannot be reached: ${host} is a non-public address.`);
  }
  const { status, text } = await request(parsed, opts, init).catch((err: NodeJS.ErrnoException) => {
    if (err instanceof CheckFailed) throw err;
    if (err instanceof PrivateAddressError) throw new CheckFailed(`${parsed.hostname} cannot be reached: ${err.message}.`);
    throw new CheckFailed(`${parsed.host} could not be reached (${err.code ?? err.name}).`);
  });
  if (status >= 300 && status < 400) throw new CheckFailed(`${url} answered with a redirect (${status}); give the final URL.`);
  return { status, text };
}

function request(url: URL, opts: TestOptions, init: CheckRequest): Promise<{ status: number; text: string }> {
  const send = url.protocol === 'https:' ? https.request : http.request;
  const body = init.body === undefined ? undefined : Buffer.from(init.body);
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (err: Error | null, answer?: { status: number; text: string }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      if (err) reject(err);
      else resolve(answer!);
    };
    const timer = setTimeout(() => finish(Object.assign(new Error('timed out'), { name: 'TimeoutError' })), opts.timeoutMs ?? 5_000);
    const req = send(
      url,
      {
        method: init.method ?? 'GET',
        agent: false,
        lookup: checkedLookup(opts.allowPrivate, opts.resolve),
        headers: { accept: '*/*', 'user-agent': 'Sling SSO connection test', ...init.headers, ...(body && { 'content-length': String(body.length) }) },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400) return finish(null, { status, text: '' });
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_BYTES) return finish(new CheckFailed('The answer is larger than 256 KiB.'));
          chunks.push(chunk);
        });
        res.on('end', () => finish(null, { status, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', (err) => finish(err));
      },
    );
    req.on('error', (err) => finish(err));
    req.end(body);
  });
}
