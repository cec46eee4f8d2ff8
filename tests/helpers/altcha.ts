// Solves the server's ALTCHA proof-of-work the way a browser does, with altcha-lib's own solver:
// GET /api/v1/altcha/challenge, search the counter, send base64 JSON {challenge, solution}.
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

export async function altchaPayload(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v1/altcha/challenge`);
  if (!res.ok) throw new Error(`challenge: HTTP ${res.status}`);
  const challenge = (await res.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge was not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** POST /api/v1/shorten with a solved challenge. */
export async function shortenAnonymously(baseUrl: string, body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${baseUrl}/api/v1/shorten`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ ...body, altcha: await altchaPayload(baseUrl) }),
  });
}
