// Solves one ALTCHA challenge off the main thread. The solver is altcha-lib's, bundled with the app
// (nothing is loaded from a CDN); WebCrypto's SHA-256 does the hashing.
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';

self.onmessage = async (event: MessageEvent<Challenge>) => {
  try {
    const solution = await solveChallenge({ challenge: event.data, deriveKey, timeout: 120_000 });
    self.postMessage(solution ? { solution } : { error: 'timeout' });
  } catch (err) {
    self.postMessage({ error: String(err) });
  }
};
