// Body of POST /api/v1/two-factor/disable: the password and a current code from the app.
import { z } from 'zod';

const PASSWORD = 'Enter your password.';
const CODE = 'Enter the 6-digit code from your app.';

export const ZDisableTwoFactor = z.object({
  password: z.string({ error: PASSWORD }).min(1, { error: PASSWORD }),
  code: z
    .string({ error: CODE })
    .trim()
    .regex(/^\d{6}$/, { error: CODE })
    .meta({ description: 'The 6-digit code the authenticator app shows now.' }),
});
