// One import row through the checks of normal link creation (create-link.ts): the destination's
// rules (validate-long-url.ts), the threat lists and heuristics (scan-destination.ts), the alias
// rules and reserved words (validate-alias.ts), a future expiration, the password's rules and tags.
// Synchronous where creation is (the lists are loaded once per batch), so a batch costs no queries.
import { createHash } from 'node:crypto';
import { AppError } from '../core/errors';
import type { SelfAddress } from '../domains/self-address';
import { hashLinkPassword } from '../links/link-password';
import { assertFuture, parseExpiration } from '../schemas/parse-expiration';
import { validateAlias } from '../links/validate-alias';
import { validateLongUrl } from '../domains/validate-long-url';
import { withScheme } from '../links/with-scheme';
import { suspicionReasons } from '../safety/heuristics';
import { listedReason } from '../safety/scan-destination';
import type { ThreatList } from '../safety/threat-list';
import { parseTags } from '../links/link-schema';
import type { RowFields } from './read-rows';

export interface ValidRow {
  longUrl: string;
  alias?: string;
  expiresAt: Date | null;
  passwordHash: string | null;
  tags: string[];
  status: 'active' | 'pending_review';
  safetyReason: string | null;
  /** Same destination and alias → same key: the row is not imported twice into a workspace. */
  key: string;
}

export type RowVerdict = { ok: true; row: ValidRow } | { ok: false; reason: string; unsafe?: boolean };

export async function validateRow(fields: RowFields, self: Pick<SelfAddress, 'pointsAtSelf'>, threats: ThreatList): Promise<RowVerdict> {
  let longUrl: string;
  try {
    longUrl = validateLongUrl(fields.url === undefined ? undefined : withScheme(fields.url), self);
  } catch (err) {
    return { ok: false, reason: `invalid URL: ${messageOf(err)}` };
  }
  const hit = threats.match(longUrl);
  if (hit) return { ok: false, reason: `unsafe URL: ${listedReason(hit)}`, unsafe: true };
  const suspicion = suspicionReasons(new URL(longUrl));
  try {
    const alias = fields.alias === undefined || fields.alias === '' ? undefined : validateAlias(fields.alias);
    const expiresAt = fields.expiration === undefined ? null : assertFuture(parseExpiration(fields.expiration, 'expiration'), 'expiration');
    const tags = fields.tags === undefined ? [] : parseTags(fields.tags);
    const passwordHash = fields.password === undefined ? null : await hashLinkPassword(fields.password);
    return {
      ok: true,
      row: {
        longUrl,
        alias,
        expiresAt,
        passwordHash,
        tags,
        status: suspicion.length === 0 ? 'active' : 'pending_review',
        safetyReason: suspicion.length === 0 ? null : suspicion.join(' '),
        key: rowKey(longUrl, alias),
      },
    };
  } catch (err) {
    return { ok: false, reason: messageOf(err) };
  }
}

export function rowKey(longUrl: string, alias: string | undefined): string {
  return createHash('sha256')
    .update(`${longUrl}\n${alias?.toLowerCase() ?? ''}`)
    .digest('hex');
}

function messageOf(err: unknown): string {
  if (err instanceof AppError) return err.message;
  throw err;
}
