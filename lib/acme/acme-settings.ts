// The ACME settings from the configuration; undefined while ACME_DIRECTORY_URL is unset (no certificates).
import { readFileSync } from 'node:fs';
import { loadConfig } from '../config/load-config';
import type { AcmeSettings } from './issue-certificate';

export function acmeSettings(): AcmeSettings | undefined {
  const c = loadConfig();
  if (!c.ACME_DIRECTORY_URL) return undefined;
  return {
    directoryUrl: c.ACME_DIRECTORY_URL,
    email: c.ACME_EMAIL,
    secretKey: c.SECRET_KEY,
    caPem: c.ACME_CA_FILE ? readFileSync(c.ACME_CA_FILE, 'utf8') : undefined,
    externalAccountBinding: c.ACME_EAB_KID && c.ACME_EAB_HMAC_KEY ? { kid: c.ACME_EAB_KID, hmacKey: c.ACME_EAB_HMAC_KEY } : undefined,
  };
}
