// Whether an alias can be used on a domain right now: valid, not reserved, not taken (any case).
// The dashboard asks while the user types; createLink still has the final word (unique index).
import { AppError } from '../core/errors';
import { getLinkByCode } from './get-link-by-code';
import type { AppContext } from '../context/app-context';
import { validateAlias } from './validate-alias';

export interface AliasAvailability {
  available: boolean;
  message?: string;
}

export async function checkAliasAvailability(ctx: AppContext, workspaceId: string, alias: string, domainId?: number): Promise<AliasAvailability> {
  const domain = domainId === undefined ? ctx.domains.defaultFor(workspaceId) : ctx.domains.usableBy(workspaceId, domainId);
  if (!domain) throw new AppError('invalid_request', 'No such domain.', { domain_id: 'No such domain.' });
  try {
    validateAlias(alias);
  } catch (err) {
    if (err instanceof AppError) return { available: false, message: err.message };
    throw err;
  }
  if (await getLinkByCode(ctx.handle.db, domain.id, alias)) return { available: false, message: `"${alias}" is already taken on ${domain.hostname}.` };
  return { available: true };
}
