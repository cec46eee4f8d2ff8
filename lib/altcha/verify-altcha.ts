// Checks an ALTCHA payload (base64 of {challenge, solution}, as the widget and our worker send it)
// and spends it: a solution is good for one request, on any instance, until its challenge expires.
import { verifySolution, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { lt, sql } from 'drizzle-orm';
import { altchaSpent } from '../../db/schema';
import type { Db } from '../db/types';
import { AppError } from '../core/errors';
import { altchaSecrets } from './altcha-secrets';

const MAX_PAYLOAD = 4096;
/** Expired rows are swept at most this often per process. */
const SWEEP_EVERY_MS = 60_000;
let lastSweep = 0;

export async function verifyAltcha(db: Db, payload: unknown, secrets = altchaSecrets()): Promise<void> {
  if (payload === undefined || payload === null || payload === '') {
    throw new AppError(
      'altcha_required',
      'This form needs a proof-of-work solution (ALTCHA): get a challenge from GET /api/v1/altcha/challenge, solve it, and send it as "altcha".',
      {
        altcha: 'Required.',
      },
    );
  }
  const parsed = parsePayload(payload);
  const challenge = parsed?.challenge;
  if (!parsed || !challenge?.signature || typeof challenge.parameters?.expiresAt !== 'number') throw invalid('is not an ALTCHA payload');
  let result;
  try {
    result = await verifySolution({
      challenge,
      solution: parsed.solution,
      deriveKey,
      hmacSignatureSecret: secrets.challenge,
      hmacKeySignatureSecret: secrets.key,
    });
  } catch {
    throw invalid('is not an ALTCHA payload');
  }
  if (result.expired) throw invalid('has expired: solve a new challenge');
  if (!result.verified) throw invalid(result.invalidSignature ? 'was not issued by this server' : 'is not a solution of its challenge');
  await sweep(db);
  const spent = await db
    .insert(altchaSpent)
    .values({ signature: challenge.signature, expiresAt: new Date(challenge.parameters.expiresAt * 1000) })
    .onConflictDoNothing()
    .returning({ signature: altchaSpent.signature });
  if (spent.length === 0) throw invalid('was already used: solve a new challenge');
}

function parsePayload(payload: unknown): Payload | null {
  try {
    if (typeof payload === 'string') {
      if (payload.length > MAX_PAYLOAD) return null;
      return JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as Payload;
    }
    if (typeof payload === 'object' && !Array.isArray(payload)) return payload as Payload;
  } catch {
    // Not base64 JSON: refused below like any other bad payload.
  }
  return null;
}

function invalid(why: string): AppError {
  const message = `The ALTCHA solution ${why}.`;
  return new AppError('altcha_invalid', message, { altcha: message });
}

async function sweep(db: Db): Promise<void> {
  if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
  lastSweep = Date.now();
  await db.delete(altchaSpent).where(lt(altchaSpent.expiresAt, sql`now()`));
}
