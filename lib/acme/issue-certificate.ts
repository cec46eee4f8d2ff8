// Gets a certificate for one verified custom domain from the ACME directory (HTTP-01): the
// challenge goes into the database for the edge to answer, the CA checks it, the certificate and
// its private key (sealed) are stored. The caller decides when to try (issue-due-certificates.ts).
import { Agent } from 'node:https';
import { certificates } from '../../db/schema';
import { invalidationBus } from '../cache/invalidation-bus';
import { sealSecret } from '../crypto/secret-box';
import { domainHostKey } from '../domains/site-directory';
import type { Db } from '../db/types';
import { accountKey, accountUrl, rememberAccountUrl } from './acme-account';
import { putChallenge, removeChallenge } from './challenge-store';
import { probeDirectory } from './probe-directory';

export interface AcmeSettings {
  directoryUrl: string;
  email?: string;
  secretKey: string;
  /** PEM of a CA to trust for the directory's own HTTPS (a private CA such as pebble's). */
  caPem?: string;
  /** External account binding (ACME_EAB_KID / ACME_EAB_HMAC_KEY), sent when the account is made. */
  externalAccountBinding?: { kid: string; hmacKey: string };
  /** Times a request that failed on the network is tried again (acme-client's default: 5, over 75 s). */
  networkRetries?: number;
}

export const CERT_KEY_PURPOSE = 'certificate-key';

export async function issueCertificate(db: Db, domain: { id: number; hostname: string }, s: AcmeSettings): Promise<{ expiresAt: Date }> {
  await probeDirectory(s.directoryUrl, s.caPem);
  // Loaded for the first certificate: acme-client and its crypto libraries are ~6 MiB of heap that a
  // server without custom domains on HTTPS never needs (docs/performance/2026-11-26-performance-round-2.md, "Idle memory").
  const { default: acme } = await import('acme-client');
  // acme-client keeps these on its one axios instance: the same for every call in this process.
  if (s.caPem) acme.axios.defaults.httpsAgent = new Agent({ ca: s.caPem });
  if (s.networkRetries !== undefined)
    (acme.axios.defaults as unknown as { acmeSettings: { retryMaxAttempts: number } }).acmeSettings.retryMaxAttempts = s.networkRetries;
  const accountPrivateKey = await accountKey(db, s.directoryUrl, s.secretKey);
  const knownUrl = await accountUrl(db, s.directoryUrl);
  const client = new acme.Client({
    directoryUrl: s.directoryUrl,
    accountKey: accountPrivateKey,
    accountUrl: knownUrl,
    externalAccountBinding: s.externalAccountBinding,
  });
  if (!knownUrl) {
    // Made (with the external account binding, if any) and remembered before ordering, so a failed order does not repeat it.
    try {
      await client.createAccount({ termsOfServiceAgreed: true, ...(s.email ? { contact: [`mailto:${s.email}`] } : {}) });
    } catch (err) {
      // Another instance made the account with this key a moment ago (its URL not stored yet): the CA
      // answered with that account, and acme-client's follow-up update, empty, is refused by some CAs.
      // The account exists and its URL is known: use it.
      if (!knownAccountUrl(client)) throw err;
    }
    await rememberAccountUrl(db, s.directoryUrl, client.getAccountUrl());
  }
  const key = await acme.crypto.createPrivateEcdsaKey();
  const [, csr] = await acme.crypto.createCsr({ commonName: domain.hostname, altNames: [domain.hostname] }, key);
  const pem = await client.auto({
    csr,
    email: s.email,
    termsOfServiceAgreed: true,
    challengePriority: ['http-01'],
    // The CA checks it; a self-check would ask this host's own resolver, which may not see the domain yet.
    skipChallengeVerification: true,
    challengeCreateFn: async (_authz, challenge, keyAuthorization) => {
      await putChallenge(db, { token: challenge.token, hostname: domain.hostname, keyAuthorization });
    },
    challengeRemoveFn: async (_authz, challenge) => {
      await removeChallenge(db, challenge.token);
    },
  });
  const expiresAt = acme.crypto.readCertificateInfo(pem).notAfter;
  const now = new Date();
  const row = {
    status: 'issued' as const,
    certPem: pem,
    keySealed: sealSecret(key.toString(), s.secretKey, CERT_KEY_PURPOSE),
    expiresAt,
    issuedAt: now,
    lastError: null,
    failures: 0,
    nextAttemptAt: null,
    updatedAt: now,
  };
  await db
    .insert(certificates)
    .values({ domainId: domain.id, ...row })
    .onConflictDoUpdate({ target: certificates.domainId, set: row });
  // Every instance's HTTPS listener drops the old certificate of this name.
  invalidationBus().publish(domainHostKey(domain.hostname));
  return { expiresAt };
}

/**
 * What to tell the user about a failed order: the CA's own words when it answered, or why its
 * directory could not be reached (probe-directory.ts). acme-client loses the reason of a network
 * failure later in an order (it fails reading the missing response), so that one is only named.
 */
export function describeAcmeError(err: unknown, directoryUrl: string): string {
  if (err instanceof TypeError || !(err instanceof Error)) return `The certificate authority at ${directoryUrl} could not be reached.`;
  return err.message;
}

function knownAccountUrl(client: { getAccountUrl(): string }): string | undefined {
  try {
    return client.getAccountUrl();
  } catch {
    return undefined; // acme-client throws when it has none
  }
}
