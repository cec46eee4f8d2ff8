'use client';
// better-auth's browser client (same origin), with the two-factor step.
import { createAuthClient } from 'better-auth/react';
import { twoFactorClient } from 'better-auth/client/plugins';

export const authClient = createAuthClient({ plugins: [twoFactorClient()] });
