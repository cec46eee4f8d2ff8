// The pieces every group of environment variables is made of: the documentation registry the
// configuration reference is rendered from, and the rules shared by several variables.
import { z } from 'zod';

/** What the reference says of a variable; Markdown, one paragraph. */
export interface EnvDoc {
  description: string;
  /** A value worth copying, when the default is not one. */
  example?: string;
  /** What applies while an optional variable is unset, when that is more than "nothing". */
  unset?: string;
}

export const envDocs = z.registry<EnvDoc>();

const PORT_MSG = { error: 'must be a port number from 0 to 65535' };
export const port = z.coerce.number(PORT_MSG).int(PORT_MSG).min(0, PORT_MSG).max(65535, PORT_MSG);
/** A whole number of at least `min`. */
export const count = (min: number) => {
  const msg = { error: `must be a whole number of at least ${min}` };
  return z.coerce.number(msg).int(msg).min(min, msg);
};
export const httpUrl = z
  .string()
  .regex(/^https?:\/\/[^/\s]+/i, 'must be a URL starting with http:// or https://')
  .pipe(z.url({ error: 'must be a valid URL' }));
export const flag = (fallback: 'true' | 'false') =>
  z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default(fallback)
    .transform((v) => v === 'true');
export const seconds = (example: string) => z.string().regex(/^\d+(\.\d+)?(,\d+(\.\d+)?)*$/, `must be a comma-separated list of seconds, e.g. ${example}`);

/**
 * TRUST_PROXY, as the number of proxies in front of Sling that append to X-Forwarded-For: false (0,
 * the default: the socket's address), a hop count n (the nth entry from the right), or true = 1.
 * Counting from the right matters: entries left of those the proxies appended are the client's own.
 */
export const trustProxy = z
  .string()
  .regex(/^(true|false|\d+)$/, 'must be true, false or a number of proxy hops')
  .transform((v): number => (v === 'true' ? 1 : v === 'false' ? 0 : Number(v)));
