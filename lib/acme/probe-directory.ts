// One GET of the ACME directory before an order. acme-client retries a request that failed on the
// network for about 75 s and then loses the reason, so a wrong ACME_CA_FILE or a mistyped URL would
// end in a bare "could not be reached". Asked first, the reason is kept and said in the user's terms
// (docs/self-hosting/custom-domains.md, "A private CA").
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

const TIMEOUT_MS = 15_000;

/** The directory did not answer as a directory; the message is for the domain's certificate card. */
export class AcmeDirectoryUnreachable extends Error {}

/** TLS errors that mean the directory's own HTTPS certificate is not trusted. */
const UNTRUSTED = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
]);

/** Why a failed connection failed, in words an operator can act on. */
export function reasonOf(err: NodeJS.ErrnoException, caGiven: boolean): string {
  const code = err.code ?? '';
  if (UNTRUSTED.has(code)) {
    return caGiven
      ? `its HTTPS certificate is not signed by the CA in ACME_CA_FILE (${code}); that file must hold the CA of the directory's own HTTPS server, not the CA that signs the certificates it issues`
      : `its HTTPS certificate is not trusted (${code}); for a private CA, put the CA of the directory's own HTTPS server in ACME_CA_FILE`;
  }
  if (code === 'CERT_HAS_EXPIRED') return `its HTTPS certificate has expired (${code})`;
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') return `its HTTPS certificate is for another name (${code})`;
  if (code === 'ECONNREFUSED') return 'the connection was refused (nothing listens at that address and port)';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `its host name does not resolve (${code})`;
  if (code === 'ETIMEDOUT') return `no answer within ${TIMEOUT_MS / 1000} s`;
  return err.message || code || 'the connection failed';
}

/** Resolves when `directoryUrl` answers 200 with JSON; otherwise throws AcmeDirectoryUnreachable saying why. */
export function probeDirectory(directoryUrl: string, caPem?: string): Promise<void> {
  const url = new URL(directoryUrl);
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const fail = (why: string) => new AcmeDirectoryUnreachable(`The certificate authority at ${directoryUrl} could not be reached: ${why}.`);
  return new Promise<void>((resolve, reject) => {
    const req = request(url, { method: 'GET', timeout: TIMEOUT_MS, ...(caPem ? { ca: caPem } : {}), headers: { accept: 'application/json' } }, (res) => {
      res.resume();
      const type = String(res.headers['content-type'] ?? '');
      if (res.statusCode !== 200) reject(fail(`it answered HTTP ${res.statusCode}; is ACME_DIRECTORY_URL the directory's URL?`));
      else if (!type.includes('json'))
        reject(fail(`it answered ${type || 'without a content type'}, not a JSON directory; is ACME_DIRECTORY_URL the directory's URL?`));
      else resolve();
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })));
    req.on('error', (err: NodeJS.ErrnoException) => reject(fail(reasonOf(err, Boolean(caPem)))));
    req.end();
  });
}
