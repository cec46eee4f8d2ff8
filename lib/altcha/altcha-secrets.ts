// The HMAC keys that sign ALTCHA challenges, derived from SECRET_KEY (so every instance sharing the
// key accepts every other's challenges, and no extra setting is needed).
import { hkdfSync } from 'node:crypto';
import { loadConfig } from '../config/load-config';

export interface AltchaSecrets {
  /** Signs the challenge's parameters. */
  challenge: string;
  /** Signs the expected derived key (deterministic mode: verifying is one HMAC). */
  key: string;
}

function derive(secretKey: string, purpose: string): string {
  return Buffer.from(hkdfSync('sha256', secretKey, 'sling-altcha', `sling:altcha:${purpose}`, 32)).toString('hex');
}

export function altchaSecrets(secretKey = loadConfig().SECRET_KEY!): AltchaSecrets {
  return { challenge: derive(secretKey, 'challenge'), key: derive(secretKey, 'key') };
}
