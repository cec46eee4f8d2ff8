'use client';
// better-auth's browser client (same origin), with the two-factor step and passkeys.
import { createAuthClient } from 'better-auth/react';
import { twoFactorClient } from 'better-auth/client/plugins';
import { passkeyClient } from '@better-auth/passkey/client';

export const authClient = createAuthClient({ plugins: [twoFactorClient(), passkeyClient()] });
