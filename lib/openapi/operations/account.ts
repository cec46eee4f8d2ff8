// Your own account (turning two-factor authentication off) and the public forms' proof-of-work
// challenge (ALTCHA), which the shortener and the abuse report form ask for.
import { z } from 'zod';
import { defineOperation } from '../../http/operation';
import { ZDisableTwoFactor } from '../../auth/two-factor-schema';
import { NO_CONTENT, ok, SESSION_ONLY, workspaceErrors } from './common';

export const disableTwoFactor = defineOperation({
  id: 'disableTwoFactor',
  method: 'POST',
  path: '/api/v1/two-factor/disable',
  tag: 'Account',
  auth: SESSION_ONLY,
  summary: 'Turn two-factor authentication off with the password and a current code',
  body: ZDisableTwoFactor,
  responses: { 204: NO_CONTENT },
  errors: workspaceErrors('invalid_request', 'payload_too_large', 'unsupported_media_type'),
});

const ZAltchaChallenge = z
  .object({
    parameters: z
      .object({
        algorithm: z.string(),
        nonce: z.string(),
        salt: z.string(),
        cost: z.number(),
        keyLength: z.number(),
        keyPrefix: z.string(),
        keySignature: z.string().optional(),
        expiresAt: z.number().optional(),
      })
      .loose(),
    signature: z.string().optional(),
  })
  .loose()
  .meta({ id: 'AltchaChallenge', description: 'An ALTCHA v2 challenge (altcha-lib): solve it and send the solution as "altcha".' });

export const altchaChallenge = defineOperation({
  id: 'altchaChallenge',
  method: 'GET',
  path: '/api/v1/altcha/challenge',
  tag: 'Account',
  auth: [],
  rateLimited: false,
  summary: 'A proof-of-work challenge for the public forms (shortener, abuse report)',
  responses: { 200: ok(ZAltchaChallenge) },
  errors: [],
});
