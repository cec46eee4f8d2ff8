'use client';
// better-auth's browser client (same origin).
import { createAuthClient } from 'better-auth/react';

export const authClient = createAuthClient();
