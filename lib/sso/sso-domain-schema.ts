// Request body of POST /api/v1/workspace/sso/{id}/domains, parsed with zod.
import { z } from 'zod';

export const emailDomain = z
  .string({ error: 'must be a domain name' })
  .trim()
  .toLowerCase()
  .max(253, { error: 'is too long' })
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, { error: 'must be an email domain, such as example.com' });

export const ZAddSsoDomain = z.strictObject({ domain: emailDomain });
