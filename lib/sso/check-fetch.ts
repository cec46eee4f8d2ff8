// The requests "Test connection" makes to an identity provider: https only (http too with
// SSO_ALLOW_PRIVATE_ISSUERS), public addresses only unless SSO_ALLOW_PRIVATE_ISSUERS, redirects not
// followed, answers read up to 256 KiB. Each refusal is a CheckFailed whose message the check shows.
import { assertPublicHost } from '../safety/public-address';

export interface TestOptions {
  allowPrivate: boolean;
  timeoutMs?: number;
}

const MAX_BYTES = 256 * 1024;

export class CheckFailed extends Error {}

export async function fetchChecked(url: string, opts: TestOptions, init: RequestInit = {}): Promise<{ status: number; text: string }> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new CheckFailed(`"${url}" is not a URL.`);
  }
  if (parsed.protocol !== 'https:' && !(opts.allowPrivate && parsed.protocol === 'http:')) throw new CheckFailed(`${url} must use https.`);
  if (!opts.allowPrivate) {
    try {
      await assertPublicHost(parsed.hostname);
    } catch (err) {
      throw new CheckFailed(`${parsed.hostname} cannot be reached: ${(err as Error).message}.`);
    }
  }
  let res: Response;
  try {
    res = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(opts.timeoutMs ?? 5_000) });
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).name;
    throw new CheckFailed(`${parsed.host} could not be reached (${cause}).`);
  }
  if (res.status >= 300 && res.status < 400) throw new CheckFailed(`${url} answered with a redirect (${res.status}); give the final URL.`);
  return { status: res.status, text: await readLimited(res) };
}

async function readLimited(res: Response): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BYTES) {
      await reader.cancel();
      throw new CheckFailed('The answer is larger than 256 KiB.');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
