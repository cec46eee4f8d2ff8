// A new ALTCHA proof-of-work challenge (altcha-lib v2, SHA-256, deterministic mode): the browser
// searches the counter from 0 until the derived key matches the prefix, about `counter` hashes.
import { createChallenge, randomInt, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { loadConfig } from '../config/load-config';
import { altchaSecrets } from './altcha-secrets';

export const ALTCHA_ALGORITHM = 'SHA-256';
/** How long a challenge may be solved and used. */
export const ALTCHA_TTL_SECONDS = 600;

export async function createAltchaChallenge(opts: { maxCounter?: number; secrets?: ReturnType<typeof altchaSecrets> } = {}): Promise<Challenge> {
  const max = opts.maxCounter ?? loadConfig().ALTCHA_MAX_COUNTER;
  const secrets = opts.secrets ?? altchaSecrets();
  return createChallenge({
    algorithm: ALTCHA_ALGORITHM,
    cost: 1,
    // At least half the maximum, so every challenge costs about as much as the setting says.
    counter: randomInt(max, Math.floor(max / 2)),
    deriveKey,
    expiresAt: Math.floor(Date.now() / 1000) + ALTCHA_TTL_SECONDS,
    hmacSignatureSecret: secrets.challenge,
    hmacKeySignatureSecret: secrets.key,
  });
}
